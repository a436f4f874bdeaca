import { UserOutlined } from '@ant-design/icons';
import { Avatar, Descriptions, Space, Tag } from 'antd';
import { formatDateTime, NO_DATA } from '../../core/format';
import { useSession } from '../../core/session';

export function ProfileDetail() {
  const { user } = useSession();
  if (!user) return null;
  const ward = user.ward as { name?: string } | null | undefined;
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? NO_DATA : String(v));
  return (
    <Space align="start" size={32} wrap>
      <Avatar size={96} src={user.avatar || undefined} icon={<UserOutlined />} style={{ background: '#237804' }} />
      <Descriptions column={1} bordered size="middle" style={{ minWidth: 480 }} labelStyle={{ width: 200 }}>
        <Descriptions.Item label="Tên đăng nhập">{user.username}</Descriptions.Item>
        <Descriptions.Item label="Họ và tên">{text(user.full_name)}</Descriptions.Item>
        <Descriptions.Item label="Email">{text(user.email)}</Descriptions.Item>
        <Descriptions.Item label="Số điện thoại">{text(user.phone)}</Descriptions.Item>
        <Descriptions.Item label="Vai trò">{user.role?.name ? <Tag color="green">{user.role.name}</Tag> : NO_DATA}</Descriptions.Item>
        {ward?.name && <Descriptions.Item label="Phường/xã">{ward.name}</Descriptions.Item>}
        {'last_login_at' in user && <Descriptions.Item label="Đăng nhập gần nhất">{formatDateTime(user.last_login_at as string)}</Descriptions.Item>}
      </Descriptions>
    </Space>
  );
}
