import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { client } from '../../core/client';
import { notify, withLoading } from '../../core/feedback';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { useSession } from '../../core/session';
import { toKeys, toPerms, useCatalogue } from './catalogue';
import { PermissionMatrix } from './permission-matrix';

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((k) => b.has(k));

/**
 * /admin/system/permissions: choose a role, edit its matrix, save with
 * PUT /api/admin/roles/:id/permissions. Holders get the change at their next request.
 */
export default function PermissionsPage() {
  const [params, setParams] = useSearchParams();
  const roleId = params.get('role');
  const { can } = useSession();
  const qc = useQueryClient();
  const base = useCatalogue();
  const withRole = useCatalogue(roleId);
  const catalogue = base.data?.code === 200 ? base.data.data : null;
  const granted = withRole.data?.code === 200 && roleId ? toKeys(withRole.data.data.granted) : null;
  // edits belong to the role they were made on; choosing another role starts from its saved matrix
  const [edit, setEdit] = useState<{ role: string; keys: Set<string> } | null>(null);
  const keys = edit && edit.role === roleId ? edit.keys : null;
  const setKeys = (k: Set<string> | null) => setEdit(k && roleId ? { role: roleId, keys: k } : null);
  const current = keys ?? granted ?? new Set<string>();
  const role = catalogue?.roles.find((r) => String(r.id) === roleId);
  const dirty = !!granted && !!keys && !sameSet(keys, granted);
  const editable = can('update', 'permissions') && !role?.is_full;

  const save = async () => {
    if (!roleId) return;
    const env = await withLoading(
      client.PUT('/api/admin/roles/{id}/permissions', { params: { path: { id: Number(roleId) } }, body: { permissions: toPerms(current) } }),
    );
    if (env?.code === 200) {
      notify.success('Đã lưu phân quyền. Người dùng giữ vai trò nhận thay đổi ở lần thao tác tiếp theo.');
      setKeys(null);
      await Promise.all([withRole.refetch(), qc.invalidateQueries({ queryKey: queryKeys('roles').all })]);
    } else if (env?.code) notify.error(env.message || 'Không lưu được phân quyền');
  };

  return (
    <Card
      title="Phân quyền"
      variant="borderless"
      extra={
        <Space>
          <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => setKeys(null)}>
            Hoàn tác
          </Button>
          <Button type="primary" icon={<SaveOutlined />} disabled={!dirty || !editable} onClick={() => void save()}>
            Lưu phân quyền
          </Button>
        </Space>
      }
    >
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text strong>Vai trò:</Typography.Text>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 360 }}
          placeholder="Chọn vai trò cần phân quyền"
          aria-label="Chọn vai trò"
          loading={!catalogue}
          value={roleId ? Number(roleId) : undefined}
          options={catalogue?.roles.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(v) => {
            if (dirty && !window.confirm('Bạn có thay đổi chưa lưu. Bỏ các thay đổi này?')) return;
            setParams({ role: String(v) });
          }}
        />
        {role && (role.status === 'approved' ? <Tag color="green">Đã duyệt</Tag> : <Tag color="gold">Chờ duyệt</Tag>)}
        {granted && (
          <Typography.Text type="secondary">
            {current.size} quyền được chọn{dirty ? ' (chưa lưu)' : ''}
          </Typography.Text>
        )}
      </Space>
      {role?.is_full && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="Vai trò Quản trị hệ thống luôn giữ toàn bộ quyền; không thể bớt quyền của vai trò này."
        />
      )}
      {!roleId ? (
        <Empty description="Chọn một vai trò để xem và chỉnh sửa quyền" />
      ) : !catalogue || !granted ? (
        <LoadingBlock />
      ) : (
        <PermissionMatrix
          catalogue={catalogue}
          value={current}
          readOnly={!editable}
          grantable={(k) => can(k.split(':')[0], k.split(':')[1])}
          onChange={setKeys}
        />
      )}
    </Card>
  );
}
