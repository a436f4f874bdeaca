import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { client } from '../../core/client';
import { confirmDialog, notify, withLoading } from '../../core/feedback';
import { useSession } from '../../core/session';

/**
 * A device key the server has just made (station created, key rotated): held here, not in the URL
 * or any store, until the person closes the window that shows it. The window lives on the screen the
 * form returns to, so it survives the form's navigation.
 */
let shown: { code: string; key: string } | null = null;
const listeners = new Set<() => void>();
const set = (v: typeof shown) => {
  shown = v;
  for (const l of listeners) l();
};
export const announceKey = (code: string, key: string) => set({ code, key });

export function DeviceKeyModal() {
  const v = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shown,
  );
  return (
    <Modal open={v !== null} title="Khóa thiết bị" onCancel={() => set(null)} footer={<Button onClick={() => set(null)}>Đã lưu khóa, đóng</Button>}>
      <Alert
        type="warning"
        showIcon
        message="Khóa chỉ hiện một lần. Hãy nạp vào thiết bị của trạm; máy chủ chỉ giữ bản băm, không xem lại được."
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph>
        Trạm: <strong>{v?.code}</strong>. Thiết bị gửi dữ liệu tới <code>POST /api/ingest/readings</code> với tiêu đề <code>X-Device-Key</code>.
      </Typography.Paragraph>
      <Typography.Text code copyable={{ tooltips: ['Sao chép', 'Đã sao chép'] }} data-testid="device-key" style={{ fontSize: 15, wordBreak: 'break-all' }}>
        {v?.key}
      </Typography.Text>
    </Modal>
  );
}

/** 'Đổi khóa thiết bị': a new key at once, the old one refused from then on. */
export function RotateKeyButton({ id, code }: { id: string; code: string }) {
  const { can } = useSession();
  if (!can('update', 'monitorings')) return null;
  const rotate = async () => {
    const ok = await confirmDialog({
      title: 'Đổi khóa thiết bị',
      content: `Tạo khóa mới cho trạm “${code}”? Thiết bị dùng khóa cũ sẽ không gửi được dữ liệu nữa.`,
      danger: true,
    });
    if (!ok) return;
    const env = await withLoading(client.PUT('/api/admin/monitorings/rotate-key/{id}', { params: { path: { id: Number(id) } } }));
    if (env?.code === 200 && env.data?.device_key) announceKey(code, env.data.device_key);
    else notify.error(env?.message || 'Không đổi được khóa thiết bị');
  };
  return (
    <Button icon={<KeyOutlined />} onClick={() => void rotate()}>
      Đổi khóa thiết bị
    </Button>
  );
}
