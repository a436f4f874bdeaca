import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { client } from '../../core/client';
import { confirmDialog, notify, withLoading } from '../../core/feedback';
import { useSession } from '../../core/session';

type Labor = Record<string, unknown> & { id: unknown };

/**
 * 'Đặt lại mật khẩu' of a labor's diary-app account: the server makes a new password, shows it once
 * here and keeps only its hash.
 */
export function LaborPasswordButton({ row, compact }: { row: Labor; compact?: boolean }) {
  const { can } = useSession();
  const [shown, setShown] = useState<string | null>(null);
  if (!can('update', 'labors')) return null;
  const name = String(row.full_name ?? `#${row.id}`);

  const reset = async () => {
    const ok = await confirmDialog({
      title: 'Đặt lại mật khẩu',
      content: `Tạo mật khẩu mới cho ứng dụng nhật ký của “${name}”? Mật khẩu cũ sẽ không dùng được nữa.`,
    });
    if (!ok) return;
    const env = await withLoading(client.PUT('/api/admin/labors/reset-password/{id}', { params: { path: { id: Number(row.id) } }, body: {} }));
    if (env?.code === 200 && env.data?.password) setShown(env.data.password);
    else notify.error(env?.message || 'Không đặt lại được mật khẩu');
  };

  return (
    <>
      {compact ? (
        <Tooltip title="Đặt lại mật khẩu">
          <Button size="small" type="text" icon={<KeyOutlined />} aria-label="Đặt lại mật khẩu" onClick={() => void reset()} />
        </Tooltip>
      ) : (
        <Button icon={<KeyOutlined />} onClick={() => void reset()}>
          Đặt lại mật khẩu
        </Button>
      )}
      <Modal open={shown !== null} title="Mật khẩu mới" onCancel={() => setShown(null)} footer={<Button onClick={() => setShown(null)}>Đóng</Button>}>
        <Alert type="warning" showIcon message="Mật khẩu chỉ hiện một lần. Hãy gửi cho người lao động qua kênh an toàn." style={{ marginBottom: 16 }} />
        <Typography.Paragraph>
          Tài khoản: <strong>{String(row.username ?? '')}</strong>
        </Typography.Paragraph>
        <Typography.Text code copyable={{ tooltips: ['Sao chép', 'Đã sao chép'] }} data-testid="new-password" style={{ fontSize: 18 }}>
          {shown}
        </Typography.Text>
      </Modal>
    </>
  );
}
