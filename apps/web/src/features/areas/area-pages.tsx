import { EyeOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { Button, Card, Descriptions, Space, Table, Tooltip } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ImportButton } from '../../core/import';
import type { Row } from '../../core/resource';
import { ResourceDetail, ResourceList } from '../../core/resource';

const provinces = resourceByName.provinces as ResourceDef;
const districts = resourceByName.districts as ResourceDef;
const wards = resourceByName.wards as ResourceDef;

function ViewButton({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Tooltip title="Xem chi tiết">
      <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Xem chi tiết" onClick={() => navigate(to)} />
    </Tooltip>
  );
}

/** The generic list of provinces or districts, with a way into the unit's detail (its units below it). */
export function AreaListPage({ def }: { def: ResourceDef }) {
  const toolbar = (
    <Space>
      <ImportButton def={def} />
      {def === provinces && (
        <Link to="/admin/areas/official-list">
          <Button>Cập nhật danh mục chính thức</Button>
        </Link>
      )}
    </Space>
  );
  return <ResourceList def={def} toolbar={toolbar} rowActions={(row: Row) => <ViewButton to={`${def.route}/${row.id}/detail`} />} />;
}

interface DistrictRow {
  id: number;
  code: string;
  name: string;
  level: string | null;
  wards_count: number;
}

/** A province with its districts (older three-level data) and the wards under it (both shapes). */
export function ProvinceDetailPage() {
  const { id = '' } = useParams();
  return (
    <ResourceDetail key={id} def={provinces} id={id}>
      {(entry) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label="Số quận/huyện">{(entry.districts as DistrictRow[]).length}</Descriptions.Item>
            <Descriptions.Item label="Số phường/xã">{String(entry.wards_count)}</Descriptions.Item>
            <Descriptions.Item label="Phường/xã trực thuộc tỉnh">{String(entry.direct_wards_count)}</Descriptions.Item>
          </Descriptions>
          {(entry.districts as DistrictRow[]).length > 0 && (
            <Card size="small" title="Quận/huyện">
              <Table<DistrictRow>
                size="small"
                rowKey="id"
                dataSource={entry.districts as DistrictRow[]}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={[
                  { title: 'Mã', dataIndex: 'code', width: 100 },
                  { title: 'Tên quận/huyện', dataIndex: 'name', render: (n: string, r) => <Link to={`${districts.route}/${r.id}/detail`}>{n}</Link> },
                  { title: 'Cấp', dataIndex: 'level', width: 140 },
                  { title: 'Số phường/xã', dataIndex: 'wards_count', width: 140, align: 'right' },
                ]}
              />
            </Card>
          )}
          <ResourceList def={wards} title="Phường/xã thuộc tỉnh" baseQuery={{ province_id: id }} createPath={`${wards.route}/create`} />
        </Space>
      )}
    </ResourceDetail>
  );
}

/** A district with its wards. */
export function DistrictDetailPage() {
  const { id = '' } = useParams();
  return (
    <ResourceDetail key={id} def={districts} id={id}>
      {() => <ResourceList def={wards} title="Phường/xã thuộc quận/huyện" baseQuery={{ district_id: id }} />}
    </ResourceDetail>
  );
}
