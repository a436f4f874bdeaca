import { BarChartOutlined } from '@ant-design/icons';
import { resourceByName } from '@nns/shared/registry';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router-dom';
import type { Envelope } from '../../core/client';
import { ResourceForm, ResourceList, type Row } from '../../core/resource';
import { BandTag } from './band-tag';
import { announceKey, DeviceKeyModal, RotateKeyButton } from './device-key';

const stations = resourceByName.monitorings;
const LIST_PATH = '/admin/monitoring/locations';

const bandColumn: ColumnsType<Row> = [
  {
    title: 'Mức hiện tại',
    key: 'last_band',
    width: 130,
    render: (_v: unknown, r: Row) => <BandTag type={Number(r.type)} band={r.last_band as number | null} />,
  },
];

export function StationsListPage() {
  return (
    <>
      <ResourceList
        def={stations}
        extraColumns={bandColumn}
        rowActions={(row) => (
          <Tooltip title="Biểu đồ">
            <Link
              to={`/admin/monitoring/statistics/${Number(row.type) === 6 ? 'insect' : 'station'}/${row.id}`}
              aria-label={`Biểu đồ trạm ${String(row.code)}`}
            >
              <Button size="small" type="text" icon={<BarChartOutlined />} />
            </Link>
          </Tooltip>
        )}
      />
      <DeviceKeyModal />
    </>
  );
}

const keyShown = (env: Envelope) => {
  const d = env.data as { entry?: { code?: string }; device_key?: string } | null;
  if (d?.device_key) announceKey(String(d.entry?.code ?? ''), d.device_key);
};

export function StationCreatePage() {
  return <ResourceForm key="create" def={stations} backTo={LIST_PATH} onSaved={keyShown} />;
}

export function StationEditPage() {
  const { id = '' } = useParams();
  return (
    <>
      <ResourceForm
        key={id}
        def={stations}
        id={id}
        backTo={LIST_PATH}
        sections={
          <Space style={{ marginBottom: 16 }}>
            <RotateKeyButton id={id} code={`#${id}`} />
          </Space>
        }
      />
      <DeviceKeyModal />
    </>
  );
}
