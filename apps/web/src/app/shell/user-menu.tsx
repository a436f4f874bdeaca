import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { client } from '../../core/client';
import { notify, withLoading } from '../../core/feedback';
import { resetProfileCheck } from '../../core/guards';
import { queryClient } from '../../core/query';
import { clearSession, useSession } from '../../core/session';

/** Spec §4: sign-out clears the session when the server answers 200 or 401. */
export async function signOut(): Promise<boolean> {
  const res = await client.POST('/api/admin/logout');
  if (res.code === 200 || res.code === 401) {
    clearSession('signout');
    resetProfileCheck();
    // nothing the last user loaded may show to the next one
    queryClient.clear();
    return true;
  }
  notify.error(res.message || 'Đăng xuất không thành công');
  return false;
}

export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const name = user?.full_name || user?.username || 'Tài khoản';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: 'Thông tin tài khoản' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: 'Đăng xuất', danger: true },
        ],
        onClick: async ({ key }) => {
          if (key === 'profile') navigate('/admin/profile');
          if (key === 'logout' && (await withLoading(signOut()))) navigate('/auth/login', { replace: true });
        },
      }}
    >
      <button type="button" className="user-button" data-testid="user-menu">
        <Space>
          <Avatar size={32} src={user?.avatar || undefined} icon={<UserOutlined />} style={{ background: '#237804' }} />
          <span className="user-name">
            <strong>{name}</strong>
            {user?.role?.name && <small>{user.role.name}</small>}
          </span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </button>
    </Dropdown>
  );
}
