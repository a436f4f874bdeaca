import { Modal, notification } from 'antd';
import { useEffect } from 'react';
import { AntdRoot } from './antd-root';
import { attachFeedback, CANCEL_TEXT, type FeedbackImpl, NOTICE_MAX, NOTICE_MS, OK_TEXT } from './feedback';

let seq = 0;

/** The antd side of app/feedback.tsx: two notification areas and the modal holder. */
export default function FeedbackHost() {
  return (
    <AntdRoot>
      <FeedbackHostImpl />
    </AntdRoot>
  );
}

function FeedbackHostImpl() {
  const [mainApi, mainHolder] = notification.useNotification({ placement: 'bottomRight', maxCount: NOTICE_MAX, stack: false });
  const [socketApi, socketHolder] = notification.useNotification({ placement: 'topRight', maxCount: NOTICE_MAX, stack: false });
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => {
    const impl: FeedbackImpl = {
      notice(group, kind, message, description) {
        const inst = group === 'main' ? mainApi : socketApi;
        const key = `${group}-${++seq}`;
        inst[kind]({
          key,
          message,
          description,
          duration: NOTICE_MS / 1000,
          onClick: () => inst.destroy(key),
          className: `notice-${group}`,
          props: { 'data-testid': `notice-${group}` } as Record<string, string>,
        });
      },
      result(ok, title, onOk) {
        const cfg = { title, okText: OK_TEXT, centered: true, onOk };
        if (ok) modal.success(cfg);
        else modal.error(cfg);
      },
      confirm(o, done) {
        modal.confirm({
          title: o.title,
          content: o.content,
          okText: OK_TEXT,
          cancelText: CANCEL_TEXT,
          okButtonProps: o.danger ? { danger: true } : undefined,
          centered: true,
          onOk: () => done(true),
          onCancel: () => done(false),
        });
      },
    };
    attachFeedback(impl);
    return () => attachFeedback(null);
  }, [mainApi, socketApi, modal]);

  return (
    <>
      {mainHolder}
      {socketHolder}
      {modalHolder}
    </>
  );
}
