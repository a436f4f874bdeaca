import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export type ErrorKind = '404' | '403' | '500' | 'maintenance';

export const ERROR_TEXT: Record<ErrorKind, { title: string; sub: string }> = {
  '404': { title: 'Không tìm thấy trang', sub: 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.' },
  '403': { title: 'Không có quyền truy cập', sub: 'Tài khoản của bạn không có quyền xem trang này. Vui lòng liên hệ quản trị viên nếu cần được cấp quyền.' },
  '500': { title: 'Lỗi máy chủ', sub: 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau ít phút.' },
  maintenance: { title: 'Trang đang được bảo trì', sub: 'Chức năng này đang được bảo trì hoặc chưa sẵn sàng. Vui lòng quay lại sau.' },
};

/** The 403/404/500/maintenance screens; `inside` when shown within the admin shell. */
export function ErrorScreen({ kind, inside }: { kind: ErrorKind; inside?: boolean }) {
  const navigate = useNavigate();
  const t = ERROR_TEXT[kind];
  const result = (
    <Result
      status={kind === 'maintenance' ? 'info' : kind}
      icon={kind === 'maintenance' ? <ToolOutlined style={{ color: '#237804' }} /> : undefined}
      title={t.title}
      subTitle={t.sub}
      data-testid={`error-${kind}`}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/admin/home')}>
          Về trang chủ
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          Quay lại
        </Button>,
      ]}
    />
  );
  if (inside) return <div style={{ background: '#fff', borderRadius: 8, padding: 24 }}>{result}</div>;
  return <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f3f5f2' }}>{result}</main>;
}
