import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';

export default function CheckEmailPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <Result
      status="success"
      title="Vui lòng kiểm tra email"
      subTitle={
        <>
          Nếu {email ? <strong>{email}</strong> : 'địa chỉ email'} thuộc về một tài khoản đang hoạt động, chúng tôi đã gửi đường dẫn đặt lại mật khẩu. Đường dẫn
          có hiệu lực trong 30 phút và chỉ dùng được một lần.
        </>
      }
      extra={
        <Link to="/auth/login">
          <Button type="primary">Quay lại đăng nhập</Button>
        </Link>
      }
    />
  );
}
