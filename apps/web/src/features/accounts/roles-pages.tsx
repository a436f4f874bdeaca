import { EditOutlined, EyeOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import rolesDef from '@nns/shared/resources/roles';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { client } from '../../core/client';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceDetail, ResourceForm, ResourceList } from '../../core/resource';
import { useSession } from '../../core/session';
import { type Catalogue, type HeldPerm, MATRIX, toKeys, toPerms } from './catalogue';
import { PermissionMatrix } from './permission-matrix';

const FULL_NOTE = 'Vai trò Quản trị hệ thống luôn giữ toàn bộ quyền; không thể bớt quyền của vai trò này.';

/** /admin/roles: the generic list, with the detail and edit buttons of the hand-written screens. */
export function RolesListPage() {
  const navigate = useNavigate();
  const { can } = useSession();
  return (
    <ResourceList
      def={rolesDef}
      toolbar={
        can('create', 'roles') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/roles/create')}>
            Thêm mới
          </Button>
        )
      }
      rowActions={(row) => (
        <>
          {can('read', 'roles') && (
            <Tooltip title="Xem chi tiết">
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Xem chi tiết" onClick={() => navigate(`/admin/roles/${row.id}/detail`)} />
            </Tooltip>
          )}
          {can('update', 'roles') && (
            <Tooltip title="Chỉnh sửa">
              <Button size="small" type="text" icon={<EditOutlined />} aria-label="Chỉnh sửa" onClick={() => navigate(`/admin/roles/${row.id}/edit`)} />
            </Tooltip>
          )}
        </>
      )}
    />
  );
}

function useRole(id?: string) {
  return useQuery({
    queryKey: queryKeys('roles').detail(id ?? ''),
    queryFn: ({ signal }) => client.GET('/api/admin/roles/{id}', { params: { path: { id: Number(id) } }, signal }),
    enabled: !!id,
    staleTime: 0,
  });
}

/** /admin/roles/create and /admin/roles/:id/edit: the declared fields, then the permission matrix, saved in one call. */
export function RoleFormPage() {
  const { id } = useParams();
  const { can } = useSession();
  const role = useRole(id);
  const entry = role.data?.code === 200 ? role.data.data.entry : null;
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const keys = picked ?? (id ? toKeys(entry?.permissions) : new Set<string>());
  const full = !!entry?.is_full;
  const loading = id && !entry;
  return (
    <ResourceForm
      key={id ?? 'create'}
      def={rolesDef}
      id={id}
      transformBody={(body) => (full ? body : { ...body, permissions: toPerms(keys) })}
      sections={
        <Card
          size="small"
          title={`Phân quyền (${keys.size} quyền)`}
          style={{ marginBottom: 16 }}
          extra={<Typography.Text type="secondary">Chọn ô đầu hàng hoặc đầu cột để chọn cả hàng, cả cột</Typography.Text>}
        >
          {full && <Alert type="info" showIcon message={FULL_NOTE} style={{ marginBottom: 12 }} />}
          {loading ? (
            <LoadingBlock />
          ) : (
            <PermissionMatrix catalogue={MATRIX} value={keys} readOnly={full} grantable={(k) => can(k.split(':')[0], k.split(':')[1])} onChange={setPicked} />
          )}
        </Card>
      }
    />
  );
}

/** The permissions a role holds, one row per subject, grouped by area. */
export function PermissionSummary({ catalogue = MATRIX, permissions }: { catalogue?: Pick<Catalogue, 'actions' | 'areas'>; permissions: HeldPerm[] }) {
  const held = toKeys(permissions);
  const rows = catalogue.areas.flatMap((area) =>
    area.subjects
      .map((s) => ({ key: s.key, area: area.label, subject: s.label, actions: catalogue.actions.filter((a) => held.has(`${a.key}:${s.key}`)) }))
      .filter((r) => r.actions.length),
  );
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Vai trò chưa có quyền nào" />;
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: 'Nhóm chức năng',
          dataIndex: 'area',
          width: 220,
          onCell: (r, i) => ({ rowSpan: i !== undefined && i > 0 && rows[i - 1].area === r.area ? 0 : rows.filter((x) => x.area === r.area).length }),
        },
        { title: 'Đối tượng', dataIndex: 'subject', width: 220 },
        { title: 'Quyền', key: 'actions', render: (_v, r) => r.actions.map((a) => <Tag key={a.key}>{a.label}</Tag>) },
      ]}
    />
  );
}

const STATUS = { active: <Tag color="green">Hoạt động</Tag>, locked: <Tag color="red">Đã khóa</Tag> } as Record<string, ReactNode>;

/** /admin/roles/:id/detail: the role, what it may do, and who holds it. */
export function RoleDetailPage() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const navigate = useNavigate();
  return (
    <ResourceDetail
      def={rolesDef}
      id={id}
      extra={() => (
        <>
          {can('list', 'permissions') && (
            <Button icon={<SafetyOutlined />} onClick={() => navigate(`/admin/system/permissions?role=${id}`)}>
              Phân quyền
            </Button>
          )}
          {can('update', 'roles') && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/admin/roles/${id}/edit`)}>
              Chỉnh sửa
            </Button>
          )}
        </>
      )}
    >
      {(entry) => (
        <>
          <Card size="small" title={`Quyền của vai trò (${(entry.permissions as HeldPerm[]).length})`} style={{ marginTop: 16 }}>
            <PermissionSummary permissions={entry.permissions as HeldPerm[]} />
          </Card>
          <Card size="small" title={`Người dùng giữ vai trò (${entry.users_count as number})`} style={{ marginTop: 16 }}>
            {entry.holders ? (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={entry.holders as Record<string, unknown>[]}
                locale={{ emptyText: 'Chưa có người dùng nào giữ vai trò này' }}
                columns={[
                  { title: 'STT', key: 'no', width: 64, align: 'center', render: (_v, _r, i) => i + 1 },
                  {
                    title: 'Họ và tên',
                    dataIndex: 'full_name',
                    render: (v, r) => (can('read', 'users') ? <Link to={`/admin/general/users/${r.id}/detail`}>{String(v)}</Link> : String(v)),
                  },
                  { title: 'Tên đăng nhập', dataIndex: 'username' },
                  { title: 'Email', dataIndex: 'email', render: (v) => v ?? '' },
                  { title: 'Trạng thái', dataIndex: 'status', render: (v) => STATUS[String(v)] ?? String(v) },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">Bạn không có quyền xem danh sách người dùng.</Typography.Text>
            )}
          </Card>
        </>
      )}
    </ResourceDetail>
  );
}
