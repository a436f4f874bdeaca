import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { MESSAGES, PASSWORD_MAX } from '@nns/shared/validators';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api, CHANGE_PASSWORD_PATH, MUST_CHANGE_PASSWORD } from '../../core/api';
import { type SessionUser, setSession, useSession } from '../../core/session';
import { notify } from '../../app/feedback';

interface LoginData {
  token: string;
  entry: SessionUser;
  must_change_password?: boolean;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  if (token && !busy) return <Navigate to={from ?? '/admin/home'} replace />;

  const onFinish = async (v: { username: string; password: string; remember: boolean }) => {
    setBusy(true);
    setError(null);
    const res = await api.post<LoginData>('/api/auth/login', { username: v.username.trim(), password: v.password });
    if (res.code === 200 && res.data?.token) {
      setSession(res.data.token, res.data.entry, v.remember);
      if (res.data.must_change_password) {
        notify.info(MUST_CHANGE_PASSWORD);
        navigate(CHANGE_PASSWORD_PATH, { replace: true });
      } else {
        notify.success(res.message || 'Đăng nhập thành công');
        navigate(from ?? '/admin/home', { replace: true });
      }
    } else {
      setError(res.message || 'Đăng nhập không thành công');
    }
    setBusy(false);
  };

  return (
    <>
      <Typography.Title level={3}>Đăng nhập</Typography.Title>
      <Typography.Paragraph type="secondary">Vui lòng đăng nhập để vào trang quản trị.</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" data-testid="login-error" />}
      <Form layout="vertical" onFinish={onFinish} initialValues={{ remember: true }} requiredMark={false} disabled={busy}>
        <Form.Item
          name="username"
          label="Tên đăng nhập"
          rules={[{ required: true, whitespace: true, message: MESSAGES.required('Tên đăng nhập') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" placeholder="Nhập tên đăng nhập" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Mật khẩu"
          rules={[{ required: true, message: MESSAGES.required('Mật khẩu') }, { max: PASSWORD_MAX, message: MESSAGES.maxLength('Mật khẩu', PASSWORD_MAX) }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            size="large"
            placeholder="Nhập mật khẩu"
            iconRender={(visible) => (
              <span role="button" aria-label={visible ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'} style={{ fontSize: 12, cursor: 'pointer' }}>
                {visible ? 'Ẩn' : 'Hiện'}
              </span>
            )}
          />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Ghi nhớ đăng nhập</Checkbox>
          </Form.Item>
          <Link to="/auth/forget-password">Quên mật khẩu?</Link>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Đăng nhập
        </Button>
      </Form>
    </>
  );
}
