import { MailOutlined } from '@ant-design/icons';
import { isEmail, MESSAGES } from '@nns/shared/validators';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { client } from '../../core/client';

/** Step 1 of the forgotten-password flow: the answer is the same whether the address exists or not. */
export default function ForgetPasswordPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    const res = await client.POST('/api/auth/reset-password', { body: { email: email.trim() } });
    setBusy(false);
    if (res.code === 200) navigate('/auth/check-email', { state: { email: email.trim() } });
    else setError(res.message || 'Không gửi được yêu cầu, vui lòng thử lại');
  };

  return (
    <>
      <Typography.Title level={3}>Quên mật khẩu</Typography.Title>
      <Typography.Paragraph type="secondary">Nhập email của tài khoản, chúng tôi sẽ gửi đường dẫn đặt lại mật khẩu cho bạn.</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy}>
        <Form.Item
          name="email"
          label="Email"
          rules={[
            { required: true, whitespace: true, message: MESSAGES.required('Email') },
            { validator: async (_, v?: string) => (!v || isEmail(v.trim()) ? undefined : Promise.reject(new Error(MESSAGES.email))) },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" autoFocus size="large" placeholder="ten@example.vn" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Gửi yêu cầu
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/auth/login">Quay lại đăng nhập</Link>
      </Typography.Paragraph>
    </>
  );
}
