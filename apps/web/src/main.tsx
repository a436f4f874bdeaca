import './app/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { FeedbackHost } from './app/feedback';
import { installFonts } from './app/fonts';
import { createAppRouter } from './app/router';
import { queryClient } from './core/query';

// antd (with vi_VN and the theme) is mounted by the lazy screen trees: see app/antd-root.tsx
installFonts();
const router = createAppRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <FeedbackHost />
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
