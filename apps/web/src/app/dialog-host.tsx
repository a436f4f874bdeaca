import { Modal } from 'antd';
import { useEffect } from 'react';
import { attachDialogs, CANCEL_TEXT, type DialogImpl, OK_TEXT } from '../core/feedback';
import { AntdRoot } from './antd-root';

/** The antd side of resultPopup and confirmDialog (app/feedback.tsx), fetched on the first dialog. */
export default function DialogHost() {
  return (
    <AntdRoot>
      <DialogHostImpl />
    </AntdRoot>
  );
}

function DialogHostImpl() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    const impl: DialogImpl = {
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
    attachDialogs(impl);
    return () => attachDialogs(null);
  }, [modal]);
  return holder;
}
