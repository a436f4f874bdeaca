import type { ResourceDef } from '@nns/shared';
import type { GeoPolygon } from '@nns/shared/geo';
import { Col, Form, type FormInstance, Row } from 'antd';
import { MapEditor, type MapPoint } from '../../components/map';
import { ACREAGE_FIELD, polygonFieldOf } from './map-fields';

interface Props {
  def: ResourceDef;
  form: FormInstance;
  omit?: string[];
  onChange: () => void;
}

function useMapPoint(def: ResourceDef, form: FormInstance) {
  const m = def.config.map;
  const lat = Form.useWatch(m?.lat ?? '__none_lat', form) as number | null | undefined;
  const long = Form.useWatch(m?.long ?? '__none_long', form) as number | null | undefined;
  const point: MapPoint | null = m && typeof lat === 'number' && typeof long === 'number' ? { lat, long } : null;
  return { m, point };
}

/** A boundary field as a form control: Form.Item gives value/onChange, the map draws it. */
function PolygonInput({
  value,
  onChange,
  def,
  form,
  onDirty,
}: {
  value?: GeoPolygon | null;
  onChange?: (v: GeoPolygon | null) => void;
  def: ResourceDef;
  form: FormInstance;
  onDirty: () => void;
}) {
  const { m, point } = useMapPoint(def, form);
  const acreage = Form.useWatch(ACREAGE_FIELD in def.fields ? ACREAGE_FIELD : '__none_acreage', form) as number | null | undefined;
  return (
    <MapEditor
      polygon={value ?? null}
      onPolygonChange={(p) => {
        onChange?.(p);
        onDirty();
      }}
      point={point}
      onPointChange={
        m
          ? (p) => {
              form.setFieldsValue({ [m.lat]: p?.lat ?? null, [m.long]: p?.long ?? null });
              onDirty();
            }
          : undefined
      }
      acreage={typeof acreage === 'number' ? acreage : null}
    />
  );
}

/** The map of a form: a boundary field (polygon), and/or the point named by `def.config.map`. */
export function MapSection({ def, form, omit = [], onChange }: Props) {
  const polygonKey = polygonFieldOf(def);
  const { m, point } = useMapPoint(def, form);
  if (polygonKey && !omit.includes(polygonKey) && def.fields[polygonKey]) {
    const f = def.fields[polygonKey];
    return (
      <Row>
        <Col span={24}>
          <Form.Item name={polygonKey} label={f.label} required={f.required} extra={f.help}>
            <PolygonInput def={def} form={form} onDirty={onChange} />
          </Form.Item>
        </Col>
      </Row>
    );
  }
  if (!m) return null;
  return (
    <Row>
      <Col span={24}>
        <Form.Item label="Vị trí trên bản đồ">
          <MapEditor
            point={point}
            onPointChange={(p) => {
              form.setFieldsValue({ [m.lat]: p?.lat ?? null, [m.long]: p?.long ?? null });
              onChange();
            }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

export default MapSection;
