import './app/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import type { FeatureDef } from './app/feature';
import { FeedbackHost } from './app/feedback-root';
import { installFonts } from './app/fonts';
import { createAppRouter } from './app/router';
import { queryClient } from './core/query';
import accounts from './features/accounts';
import areas from './features/areas';
import auth from './features/auth';
import content from './features/content';
import culture from './features/culture';
import discharge from './features/discharge';
import errors from './features/errors';
import home from './features/home';
import jobs from './features/jobs';
import monitoring from './features/monitoring';
import notifications from './features/notifications';
import origin from './features/origin';
import producers from './features/producers';
import profile from './features/profile';
import scanStatistics from './features/scan-statistics';
import site from './features/site';
import systemLogs from './features/system-logs';

/**
 * The one list of features (their routes, menu entries, field editors, header items). A new feature
 * adds its `features/<x>/index.ts` (`defineFeature({...})`) and one line here; the app names none.
 * Hand-written screens come before the generic resource screens of the same path.
 */
const FEATURES: readonly FeatureDef[] = [
  home,
  accounts,
  producers,
  culture,
  discharge,
  origin,
  monitoring,
  site,
  content,
  areas,
  profile,
  scanStatistics,
  systemLogs,
  jobs,
  errors,
  auth,
  notifications,
];

// antd (with vi_VN and the theme) is mounted by the lazy screen trees: see app/antd-root.tsx
installFonts();
const router = createAppRouter(FEATURES);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <FeedbackHost />
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
