import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetail } from './profile-detail';
import { ProfileUpdateForm } from './profile-update-form';

const TABS = ['detail', 'update', 'change-password'] as const;
type Tab = (typeof TABS)[number];

/** /admin/profile: detail, update and change-password (spec §2); ?tab= selects one. */
export default function ProfilePage() {
  const [sp, setSp] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(sp.get('tab') ?? '') ? (sp.get('tab') as Tab) : 'detail';
  return (
    <Card title="Thông tin tài khoản">
      <Tabs
        activeKey={tab}
        onChange={(k) => setSp(k === 'detail' ? {} : { tab: k }, { replace: true })}
        items={[
          { key: 'detail', label: 'Thông tin chi tiết', children: <ProfileDetail /> },
          { key: 'update', label: 'Cập nhật thông tin', children: <ProfileUpdateForm onDone={() => setSp({}, { replace: true })} /> },
          { key: 'change-password', label: 'Đổi mật khẩu', children: <ChangePasswordForm /> },
        ]}
      />
    </Card>
  );
}
