import { MESSAGES } from '@nns/shared/validators';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { client } from '../../core/client';
import { answerErrors, resultPopup } from '../../core/feedback';
import { loadProfile } from '../../core/guards';
import { PasswordInput } from '../../core/resource/password-input';
import { useSession } from '../../core/session';
import { passwordRules } from '../auth/password-rules';

interface Values {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const navigate = useNavigate();
  // an administrator asked for a new password: every other screen answers 403 until it is changed
  const forced = !!user?.must_change_password;
  const onFinish = async (v: Values) => {
    setBusy(true);
    const res = await client.PUT('/api/admin/change-password', { body: v });
    setBusy(false);
    const errors = answerErrors(res);
    if (res.code === 400 && errors.length) {
      form.setFields(errors.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      return;
    }
    resultPopup(res, () => {
      form.resetFields();
      void loadProfile().then(() => forced && navigate('/admin/home', { replace: true }));
    });
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 560 }} disabled={busy}>
      {forced && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="Bạn cần đổi mật khẩu trước khi tiếp tục"
          description="Quản trị viên yêu cầu bạn đặt mật khẩu mới. Sau khi đổi, bạn dùng hệ thống như bình thường."
        />
      )}
      <Form.Item name="old_password" label="Mật khẩu hiện tại" rules={[{ required: true, message: MESSAGES.required('Mật khẩu hiện tại') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="new_password" label="Mật khẩu mới" rules={passwordRules('Mật khẩu mới')}>
        <PasswordInput account={user ?? undefined} />
      </Form.Item>
      <Form.Item
        name="new_password_confirmation"
        label="Nhập lại mật khẩu mới"
        dependencies={['new_password']}
        rules={[
          { required: true, message: MESSAGES.required('Nhập lại mật khẩu mới') },
          ({ getFieldValue }) => ({
            validator: async (_, v) => (!v || v === getFieldValue('new_password') ? undefined : Promise.reject(new Error('Mật khẩu nhập lại không khớp'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Đổi mật khẩu
      </Button>
    </Form>
  );
}
