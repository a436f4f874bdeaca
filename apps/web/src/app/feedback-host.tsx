import { notification } from 'antd';
import { Fragment, useEffect } from 'react';
import { attachNotices, NOTICE_MAX, NOTICE_MS, type NoticeImpl } from '../core/feedback';
import { AntdRoot } from './antd-root';

let seq = 0;
/** Where the live (top right) notices start: the header's 56 px and a gap. */
export const SOCKET_TOP = 64;

/** The antd side of app/feedback.tsx's notices: two notification areas (the dialogs are dialog-host.tsx). */
export default function FeedbackHost() {
  return (
    <AntdRoot>
      <FeedbackHostImpl />
    </AntdRoot>
  );
}

function FeedbackHostImpl() {
  const [mainApi, mainHolder] = notification.useNotification({ placement: 'bottomRight', maxCount: NOTICE_MAX, stack: false });
  // below the header (theme's headerHeight 56), so a live notice never covers the user's name and menu
  const [socketApi, socketHolder] = notification.useNotification({ placement: 'topRight', top: SOCKET_TOP, maxCount: NOTICE_MAX, stack: false });

  useEffect(() => {
    const impl: NoticeImpl = {
      notice(group, kind, message, description, lasting) {
        const inst = group === 'main' ? mainApi : socketApi;
        const key = `${group}-${++seq}`;
        inst[kind]({
          key,
          message,
          description,
          duration: lasting ? 0 : NOTICE_MS / 1000,
          onClick: () => inst.destroy(key),
          className: `notice-${group}`,
          props: { 'data-testid': `notice-${group}` } as Record<string, string>,
        });
        return () => inst.destroy(key);
      },
    };
    attachNotices(impl);
    return () => attachNotices(null);
  }, [mainApi, socketApi]);

  // antd gives both notification holders the same key: keyed wrappers keep React from merging them
  return (
    <>
      <Fragment key="main">{mainHolder}</Fragment>
      <Fragment key="socket">{socketHolder}</Fragment>
    </>
  );
}
