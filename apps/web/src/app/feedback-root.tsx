import { lazy, Suspense } from 'react';
import { LoadingOverlay, useFeedbackWanted } from '../core/feedback';

const NoticeHost = lazy(() => import('./feedback-host'));
const DialogHost = lazy(() => import('./dialog-host'));

/** Mount once; the notice and dialog code (antd, with the app's theme) is fetched on first use of each. */
export function FeedbackHost() {
  const wanted = useFeedbackWanted();
  return (
    <>
      {wanted.notices && (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      )}
      {wanted.dialogs && (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      )}
      <LoadingOverlay />
    </>
  );
}
