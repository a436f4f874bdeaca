import { isEmail, isPhone, MESSAGES } from '@nns/shared/validators';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { client } from '../../core/client';
import { answerErrors, resultPopup } from '../../core/feedback';
import { loadProfile } from '../../core/guards';
import { LoadingBlock } from '../../core/loading';
import { UploadField } from '../../core/resource/uploads';
import { setUser, useSession } from '../../core/session';

/** the form's values */
interface Profile {
  full_name?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
}

export const profileRules = {
  full_name: [
    { required: true, whitespace: true, message: MESSAGES.required('Họ và tên') },
    { max: 255, message: MESSAGES.maxLength('Họ và tên', 255) },
  ],
  email: [{ validator: async (_: unknown, v?: string) => (!v || isEmail(v.trim()) ? undefined : Promise.reject(new Error(MESSAGES.email))) }],
  phone: [{ validator: async (_: unknown, v?: string) => (!v || isPhone(v.trim()) ? undefined : Promise.reject(new Error(MESSAGES.phone))) }],
};

export function ProfileUpdateForm({ onDone }: { onDone?: () => void }) {
  const [form] = Form.useForm<Profile>();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['profile', 'load'], queryFn: ({ signal }) => client.GET('/api/admin/load-profile', { signal }) });
  const entry = q.data?.code === 200 ? q.data.data.entry : undefined;
  useEffect(() => {
    if (entry) form.setFieldsValue(entry);
  }, [entry, form]);
  if (q.isLoading) return <LoadingBlock />;

  const onFinish = async (v: Profile) => {
    setBusy(true);
    const body = { full_name: v.full_name?.trim(), email: v.email?.trim() || null, phone: v.phone?.trim() || null, avatar: v.avatar || null };
    const res = await client.PUT('/api/admin/load-profile', { body });
    setBusy(false);
    const errors = answerErrors(res);
    if (res.code === 400 && errors.length) {
      form.setFields(errors.map((e) => ({ name: e.field as keyof Profile, errors: [e.message] })));
      return;
    }
    resultPopup(res, async () => {
      if (user) setUser({ ...user, ...body });
      await loadProfile();
      await q.refetch();
      onDone?.();
    });
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 560 }} disabled={busy}>
      <Form.Item name="full_name" label="Họ và tên" rules={profileRules.full_name} required>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={profileRules.email}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item name="phone" label="Số điện thoại" rules={profileRules.phone}>
        <Input autoComplete="tel" placeholder="VD: 0912345678" />
      </Form.Item>
      <Form.Item name="avatar" label="Ảnh đại diện">
        <UploadField kind="image" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Lưu thay đổi
      </Button>
    </Form>
  );
}
