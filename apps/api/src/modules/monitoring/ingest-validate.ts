import { INGEST_BATCH_MAX, type MonitoringType, PARAMETERS, type Parameter, withUnit } from '@nns/shared/monitoring';
import { badRequest, type FieldError } from '../../core/errors';

export interface RawReading {
  measured_at: Date;
  values: Record<string, number>;
}

/** readings may be up to this far in the future (device clocks drift); later ones are refused */
const FUTURE_SLACK_MS = 10 * 60_000;
const OLDEST = Date.UTC(2000, 0, 1);
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * One reading or a batch (`{readings: [...]}`), checked against the station type's parameters:
 * every problem is named by its path (`readings.3.values.pm25`) in Vietnamese, and any problem
 * refuses the whole batch (nothing is stored). Answers the readings and the body's station code.
 * `extra`: parameters known at run time (an insect station's orders, keyed by their code).
 */
export function parseIngestBody(
  type: MonitoringType,
  body: unknown,
  now = Date.now(),
  extra: Record<string, Parameter> = {},
): { readings: RawReading[]; stationCode: string | null } {
  if (!isObject(body)) throw badRequest([{ field: '_', message: 'Dữ liệu gửi lên phải là một đối tượng JSON' }]);
  const errors: FieldError[] = [];
  const stationCode = typeof body.station_code === 'string' ? body.station_code : null;
  let items: unknown[];
  let prefix: (i: number) => string;
  const known = new Set(['readings', 'station_code', 'device_key', 'measured_at', 'values']);
  for (const k of Object.keys(body)) if (!known.has(k)) errors.push({ field: k, message: `Trường '${k}' không được hỗ trợ` });
  if ('readings' in body) {
    if (!Array.isArray(body.readings)) throw badRequest([{ field: 'readings', message: 'readings phải là một danh sách bản ghi đo' }]);
    items = body.readings;
    prefix = (i) => `readings.${i}.`;
    if (!items.length) throw badRequest([{ field: 'readings', message: 'Danh sách bản ghi đo đang trống' }]);
    if (items.length > INGEST_BATCH_MAX)
      throw badRequest([
        {
          field: 'readings',
          message: `Mỗi lần gửi tối đa ${INGEST_BATCH_MAX.toLocaleString('vi-VN')} bản ghi đo (đã gửi ${items.length.toLocaleString('vi-VN')})`,
        },
      ]);
  } else {
    items = [{ measured_at: body.measured_at, values: body.values }];
    prefix = () => '';
  }
  // the type's own parameters win over a run-time one of the same key
  const params: Record<string, Parameter> = { ...extra, ...PARAMETERS[type] };
  const out: RawReading[] = [];
  items.forEach((item, i) => {
    const at = prefix(i);
    if (!isObject(item)) {
      errors.push({ field: at.slice(0, -1) || '_', message: 'Bản ghi đo phải có measured_at và values' });
      return;
    }
    for (const k of Object.keys(item))
      if (k !== 'measured_at' && k !== 'values') errors.push({ field: `${at}${k}`, message: `Trường '${k}' không được hỗ trợ` });
    const m = item.measured_at;
    const t = typeof m === 'string' && ISO_RE.test(m) ? Date.parse(m) : Number.NaN;
    if (m === undefined || m === null || m === '') errors.push({ field: `${at}measured_at`, message: 'Thời điểm đo bắt buộc' });
    else if (Number.isNaN(t)) errors.push({ field: `${at}measured_at`, message: 'Thời điểm đo phải theo ISO 8601, ví dụ 2026-11-24T08:00:00+07:00' });
    else if (t > now + FUTURE_SLACK_MS) errors.push({ field: `${at}measured_at`, message: 'Thời điểm đo ở tương lai' });
    else if (t < OLDEST) errors.push({ field: `${at}measured_at`, message: 'Thời điểm đo phải từ năm 2000 trở đi' });
    const values = item.values;
    const clean: Record<string, number> = {};
    if (!isObject(values) || !Object.keys(values).length) {
      errors.push({ field: `${at}values`, message: 'Giá trị đo bắt buộc (ít nhất một thông số)' });
    } else {
      for (const [k, v] of Object.entries(values)) {
        const p = params[k];
        const field = `${at}values.${k}`;
        if (!p) {
          errors.push({ field, message: `Thông số '${k}' không thuộc loại trạm này` });
          continue;
        }
        if (v === null) continue;
        if (typeof v !== 'number' || !Number.isFinite(v)) {
          errors.push({ field, message: `${p.label} phải là một số` });
          continue;
        }
        if (v < p.min || v > p.max) {
          errors.push({ field, message: `${p.label} phải từ ${withUnit(p.min, p.unit)} đến ${withUnit(p.max, p.unit)} (nhận được ${withUnit(v, p.unit)})` });
          continue;
        }
        clean[k] = v;
      }
    }
    if (!Number.isNaN(t)) out.push({ measured_at: new Date(t), values: clean });
  });
  if (errors.length) throw badRequest(errors.slice(0, 200), errors[0].message);
  return { readings: out, stationCode };
}
