import { EditOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { fieldApplies } from '@nns/shared/fields';
import type { GeoPolygon } from '@nns/shared/geo';
import type { AcreageCheck } from '@nns/shared/producers';
import { Button, Card, Descriptions, Result, Space } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingBlock } from '../loading';
import { useIsPhone } from '../responsive';
import { useSession } from '../session';
import { renderValue, SYSTEM_FIELDS } from './display';
import { ACREAGE_FIELD } from './map-fields';
import { listPath } from './use-list-params';
import { useRecord } from './use-record';
import { useRecordActions } from './use-record-actions';

// Leaflet is fetched only when a record has a point or a boundary to show
const MapEditor = lazy(() => import('../../components/map/map-editor').then((m) => ({ default: m.MapEditor })));

export interface ResourceDetailProps {
  def: ResourceDef;
  id: string;
  title?: ReactNode;
  /** fields not to show */
  omit?: string[];
  /** more content under the fields (hand-written screens) */
  children?: (entry: Record<string, unknown>) => ReactNode;
  /** buttons added beside 'Chỉnh sửa' */
  extra?: (entry: Record<string, unknown>) => ReactNode;
}

/** A labelled, read-only view of one record. */
export function ResourceDetail({ def, id, title, omit = [], children, extra }: ResourceDetailProps) {
  const navigate = useNavigate();
  const { can } = useSession();
  const { runAction } = useRecordActions(def);
  const phone = useIsPhone();
  const q = useRecord(def, id);
  const heading = title ?? `Chi tiết ${def.label.toLowerCase()}`;
  if (q.isLoading)
    return (
      <Card title={heading} variant="borderless">
        <LoadingBlock />
      </Card>
    );
  const env = q.data;
  if (env?.code !== 200) {
    return (
      <Card variant="borderless">
        <Result
          status={env?.code === 404 ? '404' : 'error'}
          title={env?.code === 404 ? 'Không tìm thấy bản ghi' : 'Không tải được dữ liệu'}
          subTitle={env?.message}
          extra={<Button onClick={() => navigate(listPath(def))}>Quay lại</Button>}
        />
      </Card>
    );
  }
  const entry = env.data.entry;
  const fields = Object.entries(def.fields).filter(
    ([k, f]) => !f.writeOnly && f.kind !== 'password' && f.kind !== 'polygon' && !omit.includes(k) && fieldApplies(f, entry),
  );
  const polygonKey = def.config.map?.polygon ?? Object.keys(def.fields).find((k) => def.fields[k].kind === 'polygon');
  const m = def.config.map;
  const lat = m ? entry[m.lat] : null;
  const long = m ? entry[m.long] : null;
  const point = typeof lat === 'number' && typeof long === 'number' ? { lat, long } : null;
  const polygon = polygonKey ? (entry[polygonKey] as GeoPolygon | null) : null;
  const acreage = entry[ACREAGE_FIELD];
  const wide = (k: string) => ((def.fields[k]?.span ?? 12) >= 24 ? 2 : 1);

  return (
    <Card
      title={heading}
      variant="borderless"
      className="resource-detail"
      extra={
        <Space wrap>
          {extra?.(entry)}
          {Object.entries(def.actions).map(([name, a]) =>
            can(a.permission, def.subject) && entry.read_only !== true && (a.kind === 'toggle' || entry[a.field] !== a.value) ? (
              <Button key={name} onClick={() => void runAction(name, a, entry)}>
                {a.label}
              </Button>
            ) : null,
          )}
          {!def.config.custom?.update && can('update', def.subject) && entry.read_only !== true && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`${def.route}/${id}/edit`)}>
              Chỉnh sửa
            </Button>
          )}
          <Button onClick={() => navigate(listPath(def))}>Quay lại</Button>
        </Space>
      }
    >
      {/* on a phone: one column, each label above its value */}
      <Descriptions
        bordered
        column={phone ? 1 : { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        layout={phone ? 'vertical' : 'horizontal'}
        size={phone ? 'small' : 'middle'}
        labelStyle={phone ? undefined : { width: 200 }}
      >
        {fields.map(([k, f]) => (
          <Descriptions.Item key={k} label={f.label} span={phone ? 1 : wide(k)}>
            {renderValue(entry, k, f, 'detail')}
          </Descriptions.Item>
        ))}
        {(['created_at', 'updated_at'] as const).map((k) => (
          <Descriptions.Item key={k} label={SYSTEM_FIELDS[k].label}>
            {renderValue(entry, k, SYSTEM_FIELDS[k], 'detail')}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {(point || polygon) && (
        <div style={{ marginTop: 16 }}>
          <Suspense fallback={<LoadingBlock height={320} />}>
            <MapEditor
              readOnly
              point={point}
              polygon={polygon}
              acreage={typeof acreage === 'number' ? acreage : null}
              check={'acreage_warning' in entry ? (entry as unknown as AcreageCheck) : null}
              height={320}
            />
          </Suspense>
        </div>
      )}
      {children?.(entry)}
    </Card>
  );
}
