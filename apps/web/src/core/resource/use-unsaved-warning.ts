import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmDialog } from '../feedback';

export const UNSAVED_TITLE = 'Dữ liệu chưa được lưu';
export const UNSAVED_TEXT = 'Các thay đổi sẽ bị mất nếu rời khỏi trang. Bạn có chắc muốn rời đi?';

/** Warns before leaving a form with unsaved changes: closing the tab (beforeunload) and in-app navigation. */
export function useUnsavedWarning(dirty: boolean) {
  // set once the record is saved: the navigation that follows must not ask
  const released = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => !released.current && dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void confirmDialog({ title: UNSAVED_TITLE, content: UNSAVED_TEXT, danger: true }).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker]);

  return {
    release: () => {
      released.current = true;
    },
  };
}
