import { enumOptions } from '../fields';

/** Station types 1–6 in the spec's order (§4), with their Vietnamese captions. */
export const MONITORING_TYPES = enumOptions([
  { value: 1, label: 'Không khí', color: 'cyan' },
  { value: 2, label: 'Nước', color: 'blue' },
  { value: 3, label: 'Mưa', color: 'geekblue' },
  { value: 4, label: 'Thời tiết', color: 'purple' },
  { value: 5, label: 'Đất', color: 'orange' },
  { value: 6, label: 'Côn trùng', color: 'green' },
]);
export type MonitoringType = 1 | 2 | 3 | 4 | 5 | 6;
export const TYPE_KEYS: Record<MonitoringType, 'air' | 'water' | 'rain' | 'weather' | 'soil' | 'insect'> = {
  1: 'air',
  2: 'water',
  3: 'rain',
  4: 'weather',
  5: 'soil',
  6: 'insect',
};
export const TYPE_OF_KEY = Object.fromEntries(Object.entries(TYPE_KEYS).map(([k, v]) => [v, Number(k)])) as Record<string, MonitoringType>;

export interface Parameter {
  label: string;
  unit: string;
  min: number;
  max: number;
}

const p = (label: string, unit: string, min: number, max: number): Parameter => ({ label, unit, min, max });

/**
 * What a device of each type may send: value keys (snake_case), units and physical bounds; a value
 * outside them is refused. `aqi` and `wqi` are computed by the server, never sent.
 */
export const PARAMETERS: Record<MonitoringType, Record<string, Parameter>> = {
  1: {
    pm25: p('PM2.5', 'µg/m³', 0, 1000),
    pm10: p('PM10', 'µg/m³', 0, 2000),
    co: p('CO', 'µg/m³', 0, 200000),
    no2: p('NO2', 'µg/m³', 0, 5000),
    so2: p('SO2', 'µg/m³', 0, 5000),
    o3: p('O3', 'µg/m³', 0, 2000),
    temperature: p('Nhiệt độ', '°C', -10, 60),
    humidity: p('Độ ẩm', '%', 0, 100),
  },
  2: {
    ph: p('pH', '', 0, 14),
    do: p('Oxy hòa tan (DO)', 'mg/L', 0, 25),
    bod5: p('BOD5', 'mg/L', 0, 2000),
    cod: p('COD', 'mg/L', 0, 5000),
    toc: p('TOC', 'mg/L', 0, 2000),
    tss: p('TSS', 'mg/L', 0, 10000),
    nh4: p('N-NH4+', 'mg/L', 0, 500),
    no3: p('N-NO3-', 'mg/L', 0, 500),
    no2: p('N-NO2-', 'mg/L', 0, 100),
    po4: p('P-PO4', 'mg/L', 0, 100),
    coliform: p('Coliform', 'MPN/100 mL', 0, 1e9),
    ecoli: p('E.coli', 'MPN/100 mL', 0, 1e9),
    turbidity: p('Độ đục', 'NTU', 0, 10000),
    temperature: p('Nhiệt độ nước', '°C', 0, 50),
    salinity: p('Độ mặn', '‰', 0, 60),
    as: p('Asen (As)', 'mg/L', 0, 10),
    cd: p('Cadimi (Cd)', 'mg/L', 0, 10),
    pb: p('Chì (Pb)', 'mg/L', 0, 10),
    cr6: p('Crom VI (Cr6+)', 'mg/L', 0, 10),
    cu: p('Đồng (Cu)', 'mg/L', 0, 100),
    zn: p('Kẽm (Zn)', 'mg/L', 0, 100),
    hg: p('Thủy ngân (Hg)', 'mg/L', 0, 1),
    aldrin: p('Aldrin', 'µg/L', 0, 100),
    bhc: p('BHC', 'µg/L', 0, 100),
    dieldrin: p('Dieldrin', 'µg/L', 0, 100),
    ddts: p('DDTs', 'µg/L', 0, 100),
    heptachlor: p('Heptachlor & Heptachlor epoxide', 'µg/L', 0, 100),
  },
  3: { rain_mm: p('Lượng mưa', 'mm', 0, 500) },
  4: {
    temperature: p('Nhiệt độ', '°C', -10, 50),
    humidity: p('Độ ẩm', '%', 0, 100),
    wind_speed: p('Tốc độ gió', 'm/s', 0, 100),
    wind_direction: p('Hướng gió', '°', 0, 360),
    pressure: p('Áp suất', 'hPa', 800, 1100),
    rain_mm: p('Lượng mưa', 'mm', 0, 500),
  },
  5: {
    moisture: p('Độ ẩm đất', '%', 0, 100),
    ph: p('pH đất', '', 0, 14),
    ec: p('Độ dẫn điện (EC)', 'µS/cm', 0, 20000),
    n: p('Đạm (N)', 'mg/kg', 0, 10000),
    p: p('Lân (P)', 'mg/kg', 0, 10000),
    k: p('Kali (K)', 'mg/kg', 0, 10000),
    temperature: p('Nhiệt độ đất', '°C', -10, 70),
  },
  6: { density: p('Mật độ côn trùng', 'con/m²', 0, 100000) },
};

/** Computed parameters a band config may name besides the measured ones. */
export const COMPUTED_PARAMETERS: Partial<Record<MonitoringType, Record<string, Parameter>>> = {
  1: { aqi: p('VN_AQI (giờ)', '', 0, 500) },
  2: { wqi: p('VN_WQI', '', 0, 100) },
};

/**
 * Series the statistics show besides the roll-ups of measured and computed values: an air station's
 * daily VN_AQI (QĐ 1459's daily index, stored per local day; not the mean of the hourly ones).
 */
export const DAILY_SERIES_PARAMETERS: Partial<Record<MonitoringType, Record<string, Parameter>>> = {
  1: { aqi_day: p('VN_AQI (ngày)', '', 0, 500) },
};

export const parametersOf = (type: MonitoringType): Record<string, Parameter> => ({ ...(COMPUTED_PARAMETERS[type] ?? {}), ...PARAMETERS[type] });

export const formatBound = (n: number) => n.toLocaleString('vi-VN', { maximumFractionDigits: 4 });
export const withUnit = (n: number, unit: string) => (unit ? `${formatBound(n)} ${unit}` : formatBound(n));

/** The largest batch a device may send in one request. */
export const INGEST_BATCH_MAX = 1000;
