import { CloseOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The menu on a phone (≤ 768 px): a drawer over the whole page; fetched only on a phone. */
export default function PhoneDrawer({ open, onClose, brand, children }: { open: boolean; onClose: () => void; brand: ReactNode; children: ReactNode }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width="100%"
      closable={false}
      className="shell-drawer"
      styles={{ body: { padding: 0, background: '#0f2e14' }, header: { display: 'none' } }}
      aria-label="Menu chính"
    >
      <div className="shell-drawer-head">
        {brand}
        <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label="Đóng menu" className="shell-drawer-close" />
      </div>
      {children}
    </Drawer>
  );
}
