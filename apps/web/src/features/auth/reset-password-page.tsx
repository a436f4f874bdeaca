import { LockOutlined } from '@ant-design/icons';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@nns/shared/validators';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { client } from '../../core/client';
import { resultPopup } from '../../core/feedback';
import { PasswordInput } from '../../core/resource/password-input';
import { passwordRules } from './password-rules';

/** Step 3: the link from the mail, /auth/reset-password?token=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'valid' | 'invalid'>(token ? 'checking' : 'invalid');
  const [invalidMessage, setInvalidMessage] = useState('Đường dẫn đặt lại mật khẩu không hợp lệ hoặc đã hết hạn');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    client.GET('/api/auth/forgot-password/{token}', { params: { path: { token } } }).then((res) => {
      if (res.code === 200) setState('valid');
      else {
        if (res.message) setInvalidMessage(res.message);
        setState('invalid');
      }
    });
  }, [token]);

  if (state === 'checking')
    return (
      <Spin tip="Đang kiểm tra đường dẫn..." size="large">
        <div style={{ height: 160 }} />
      </Spin>
    );
  if (state === 'invalid')
    return (
      <Result
        status="warning"
        title="Không thể đặt lại mật khẩu"
        subTitle={invalidMessage}
        extra={
          <Link to="/auth/forget-password">
            <Button type="primary">Gửi lại yêu cầu</Button>
          </Link>
        }
      />
    );

  const onFinish = async (v: { password: string; password_confirmation: string }) => {
    setBusy(true);
    setError(null);
    const res = await client.POST('/api/auth/forgot-password/{token}', { params: { path: { token } }, body: v });
    setBusy(false);
    if (res.code === 200) resultPopup(res, () => navigate('/auth/login', { replace: true }));
    else setError(res.message || 'Không đặt lại được mật khẩu');
  };

  return (
    <>
      <Typography.Title level={3}>Đặt lại mật khẩu</Typography.Title>
      <Typography.Paragraph type="secondary">
        Mật khẩu mới từ {PASSWORD_MIN} đến {PASSWORD_MAX} ký tự.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy}>
        <Form.Item name="password" label="Mật khẩu mới" rules={passwordRules('Mật khẩu mới')}>
          <PasswordInput prefix={<LockOutlined />} size="large" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label="Nhập lại mật khẩu mới"
          dependencies={['password']}
          rules={[
            { required: true, message: MESSAGES.required('Nhập lại mật khẩu mới') },
            ({ getFieldValue }) => ({
              validator: async (_, v) => (!v || v === getFieldValue('password') ? undefined : Promise.reject(new Error('Mật khẩu nhập lại không khớp'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Đặt lại mật khẩu
        </Button>
      </Form>
    </>
  );
}
