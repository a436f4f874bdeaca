import { lazy } from 'react';
import { defineFeature } from '../../app/feature';

/** The bell in the shell's header: the user's inbox, fetched with the first admin screen. */
export default defineFeature({
  name: 'notifications',
  headerItems: [lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })))],
});
