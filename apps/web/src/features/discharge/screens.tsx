import { BarChartOutlined, EditOutlined, EnvironmentOutlined, FileSearchOutlined, LineChartOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MapEditor } from '../../components/map';
import { formatDate } from '../../core/format';
import { ResourceForm, ResourceList, type Row } from '../../core/resource';
import { useSession } from '../../core/session';
import { BASE, flows, pointPath, works } from './paths';

const exceededColumn: ColumnsType<Row> = [
  {
    title: 'Vượt giới hạn gần nhất',
    key: 'last_exceeded_date',
    width: 130,
    render: (_v: unknown, r: Row) =>
      r.last_exceeded_date ? <Typography.Text type="danger">{formatDate(r.last_exceeded_date as string)}</Typography.Text> : <span>Chưa có</span>,
  },
];

/** The works list (generic, with the spec's screens as row actions and the create by the map). */
export function WorksListPage() {
  const navigate = useNavigate();
  const { can } = useSession();
  return (
    <ResourceList
      def={works}
      extraColumns={exceededColumn}
      toolbar={
        <Space>
          <Button icon={<EnvironmentOutlined />} onClick={() => navigate(`${BASE}/overview`)}>
            Bản đồ
          </Button>
          {can('create', 'discharge_construct') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${BASE}/create`)}>
              Thêm công trình
            </Button>
          )}
        </Space>
      }
      rowActions={(row) => (
        <>
          <Tooltip title="Chi tiết">
            <Link to={`${BASE}/detail/${row.id}`} aria-label={`Chi tiết công trình ${String(row.code)}`}>
              <Button size="small" type="text" icon={<BarChartOutlined />} />
            </Link>
          </Tooltip>
          <Tooltip title="Lưu lượng xả">
            <Link to={`${BASE}/flow/${row.id}`} aria-label={`Lưu lượng xả của ${String(row.code)}`}>
              <Button size="small" type="text" icon={<LineChartOutlined />} />
            </Link>
          </Tooltip>
          <Tooltip title="Kiểm kê">
            <Link to={`${BASE}/inventory/${row.id}`} aria-label={`Kiểm kê của ${String(row.code)}`}>
              <Button size="small" type="text" icon={<FileSearchOutlined />} />
            </Link>
          </Tooltip>
          {can('update', 'discharge_construct') && (
            <Tooltip title="Chỉnh sửa">
              <Link to={`${BASE}/edit/${row.id}/${pointPath(Number(row.lat), Number(row.long))}`} aria-label={`Chỉnh sửa ${String(row.code)}`}>
                <Button size="small" type="text" icon={<EditOutlined />} />
              </Link>
            </Tooltip>
          )}
        </>
      )}
    />
  );
}

/** 'Thêm công trình': a click on the map picks the point, then the form opens at create/{lat}/{long}. */
export function PickPointPage() {
  const navigate = useNavigate();
  return (
    <Card title="Thêm công trình xả thải: chọn vị trí" variant="borderless">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="Bấm lên bản đồ tại vị trí cửa xả của công trình để mở biểu mẫu." />
      <div data-testid="pick-map">
        <MapEditor point={null} onPointChange={(p) => p && navigate(`${BASE}/create/${pointPath(p.lat, p.long)}`)} height={520} />
      </div>
    </Card>
  );
}

const coords = (lat?: string, long?: string) => {
  const a = Number(lat);
  const b = Number(long);
  return Number.isFinite(a) && Number.isFinite(b) ? { lat: a, long: b } : undefined;
};

export function WorkCreatePage() {
  const { lat, long } = useParams();
  const navigate = useNavigate();
  return (
    <ResourceForm
      key={`${lat}/${long}`}
      def={works}
      presets={coords(lat, long)}
      backTo={BASE}
      onSaved={(env) => {
        const id = (env.data as { entry?: { id?: number } } | null)?.entry?.id;
        if (id) navigate(`${BASE}/detail/${id}`);
      }}
    />
  );
}

export function WorkEditPage() {
  const { id = '', lat, long } = useParams();
  return <ResourceForm key={id} def={works} id={id} updateMethod="patch" presets={coords(lat, long)} backTo={`${BASE}/detail/${id}`} />;
}

/** create-flow/{idConstruction}: the work is fixed by the route. */
export function FlowCreatePage() {
  const { idConstruction = '' } = useParams();
  return (
    <ResourceForm
      key={idConstruction}
      def={flows}
      omit={['construct_id']}
      presets={{ construct_id: Number(idConstruction) }}
      transformBody={(b) => ({ ...b, construct_id: Number(idConstruction) })}
      backTo={`${BASE}/flow/${idConstruction}`}
    />
  );
}

export function FlowEditPage() {
  const { idConstruction = '', id = '' } = useParams();
  return (
    <ResourceForm
      key={id}
      def={flows}
      id={id}
      updateMethod="patch"
      omit={['construct_id']}
      transformBody={(b) => {
        const { construct_id: _c, ...rest } = b;
        return rest;
      }}
      backTo={`${BASE}/flow/${idConstruction}`}
    />
  );
}
