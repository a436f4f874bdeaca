import { compareFlow, defaultStandard, exceededCodes, PARAMETER_CODES, SEED_LIMITS, SEED_LIMITS_MEDICAL } from '@nns/shared/discharge';
import constructsDef from '@nns/shared/resources/discharge-constructs';
import inventoryDef from '@nns/shared/resources/discharge-inventory';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Services } from '../../core/services';
import { refreshSummary } from './judge';

/**
 * A dozen discharge works of the four types around Đà Lạt, Đức Trọng and Di Linh (Lâm Đồng) with a
 * year of weekly flows from a fixed formula and a seeded generator (the same data on every new
 * database, dated back from the day it is made): three of them break their limits now and then,
 * one of them this very week, so the map's 'vượt giới hạn' filter, the charts and the compliance
 * table have something to show.
 */
const WARD_CODES = ['24781', '24778', '24958', '25000'];
type Work = {
  code: string;
  name: string;
  owner: string;
  type: 1 | 2 | 3 | 4;
  ward: number;
  lat: number;
  long: number;
  permitted: number;
  bad?: 'often' | 'now' | 'flow';
};
const WORKS: Work[] = [
  {
    code: 'XT-SH-01',
    name: 'Khu dân cư Hồ Xuân Hương',
    owner: 'Ban quản lý khu dân cư Xuân Hương',
    type: 1,
    ward: 0,
    lat: 11.9391,
    long: 108.4459,
    permitted: 180,
  },
  {
    code: 'XT-SH-02',
    name: 'Chung cư Phan Chu Trinh',
    owner: 'Công ty TNHH Nhà ở Lâm Viên',
    type: 1,
    ward: 1,
    lat: 11.9512,
    long: 108.4551,
    permitted: 90,
    bad: 'now',
  },
  { code: 'XT-SH-03', name: 'Trường nội trú Đức Trọng', owner: 'Trường THPT Đức Trọng', type: 1, ward: 2, lat: 11.7356, long: 108.3738, permitted: 45 },
  {
    code: 'XT-DT-01',
    name: 'Trạm xử lý nước thải Đà Lạt',
    owner: 'Công ty Cổ phần Cấp thoát nước Lâm Đồng',
    type: 2,
    ward: 0,
    lat: 11.9258,
    long: 108.4512,
    permitted: 7400,
  },
  {
    code: 'XT-DT-02',
    name: 'Cống xả khu chợ Liên Nghĩa',
    owner: 'UBND xã Đức Trọng',
    type: 2,
    ward: 2,
    lat: 11.7402,
    long: 108.3801,
    permitted: 650,
    bad: 'flow',
  },
  { code: 'XT-DT-03', name: 'Cống xả thị trấn Di Linh', owner: 'UBND xã Di Linh', type: 2, ward: 3, lat: 11.5789, long: 108.0745, permitted: 520 },
  { code: 'XT-YT-01', name: 'Bệnh viện Đa khoa tỉnh Lâm Đồng', owner: 'Sở Y tế Lâm Đồng', type: 3, ward: 1, lat: 11.9569, long: 108.4419, permitted: 300 },
  {
    code: 'XT-YT-02',
    name: 'Trung tâm Y tế Đức Trọng',
    owner: 'Trung tâm Y tế huyện Đức Trọng',
    type: 3,
    ward: 2,
    lat: 11.7331,
    long: 108.3692,
    permitted: 80,
  },
  { code: 'XT-YT-03', name: 'Phòng khám đa khoa Di Linh', owner: 'Công ty TNHH Y tế Di Linh', type: 3, ward: 3, lat: 11.5823, long: 108.0688, permitted: 25 },
  {
    code: 'XT-CN-01',
    name: 'Nhà máy chế biến cà phê Di Linh',
    owner: 'Công ty Cổ phần Cà phê Di Linh',
    type: 4,
    ward: 3,
    lat: 11.5702,
    long: 108.0851,
    permitted: 420,
    bad: 'often',
  },
  {
    code: 'XT-CN-02',
    name: 'Cụm công nghiệp Phú Hội',
    owner: 'Ban quản lý cụm công nghiệp Phú Hội',
    type: 4,
    ward: 2,
    lat: 11.7118,
    long: 108.3983,
    permitted: 1800,
  },
  { code: 'XT-CN-03', name: 'Nhà máy chè Cầu Đất', owner: 'Công ty TNHH Chè Cầu Đất', type: 4, ward: 0, lat: 11.8521, long: 108.5498, permitted: 160 },
];

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r2 = (v: number) => Math.round(v * 100) / 100;

/** One week's values of a work: a seasonal wave (the rainy months dilute), noise, and the work's own trouble. */
function valuesOf(w: Work, i: number, weeks: number, rand: () => number): Record<string, number> {
  const season = Math.sin((i / 52) * 2 * Math.PI);
  const share = 0.55 + 0.15 * season + 0.1 * rand();
  const spike = (w.bad === 'often' && i % 9 === 4) || (w.bad === 'now' && i === weeks - 1);
  const k = spike ? 1.6 : 0.45 + 0.25 * rand();
  const v: Record<string, number> = {
    flow: r2(w.permitted * (w.bad === 'flow' && i % 13 === 6 ? 1.15 : share)),
    ph: r2(6.8 + 0.6 * rand()),
    bod5: r2(40 * k),
    tss: r2(70 * k),
    nh4: r2(7 * k),
    coliform: Math.round(3800 * k),
  };
  if (w.type === 4) {
    v.cod = r2(110 * k);
    v.total_n = r2(25 * k);
    v.total_p = r2(4 * k);
  } else {
    v.tds = r2(600 * (0.8 + 0.2 * rand()));
    v.po4 = r2(6 * k);
  }
  return v;
}

export async function seedDischargeDemo(s: Services, now = Date.now()) {
  const db = s.db;
  const wards = await exec<{ id: number; code: string }>(
    db,
    sql`select id, code from wards where code in (${sql.join(
      WARD_CODES.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  if (!wards.length) return;
  if ((await exec(db, sql`select 1 from discharge_constructs where code = 'XT-SH-01'`)).length) return;
  const wardId = (i: number) => Number((wards.find((x) => x.code === WARD_CODES[i]) ?? wards[0]).id);
  const today = new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
  const day0 = Date.parse(`${today}T00:00:00Z`);
  const weeks = 52;
  const year = Number(today.slice(0, 4));
  for (const [n, w] of WORKS.entries()) {
    const row: Record<string, unknown> = {
      code: w.code,
      name: w.name,
      owner: w.owner,
      wastewater_type: w.type,
      ward_id: wardId(w.ward),
      address: `${w.name}, Lâm Đồng`,
      lat: w.lat,
      long: w.long,
      permit_number: `${120 + n}/GP-UBND`,
      permit_date: `${year - 3}-03-15T00:00:00Z`,
      permit_issuer: 'UBND tỉnh Lâm Đồng',
      permit_expiry: `${year + 2 + (n % 3)}-03-15T00:00:00Z`,
      permitted_flow: w.permitted,
      receiving_water: w.type === 4 || w.ward >= 2 ? 'Sông Đa Nhim' : 'Suối Cam Ly',
      treatment_technology: w.type === 3 ? 'Sinh học hiếu khí kết hợp khử trùng' : 'Bể lắng, xử lý sinh học hiếu khí',
      limit_column: w.type === 2 || w.type === 4 ? 'B' : 'A',
      standard_code: defaultStandard(w.type),
      k_class:
        w.type === 4
          ? null
          : w.type === 3
            ? w.permitted > 500
              ? 'hospital_large'
              : 'hospital_small'
            : w.permitted > 500
              ? 'residential_large'
              : 'residential_small',
      k_factor: w.type === 4 ? null : w.permitted > 500 ? 1.0 : 1.2,
      kq_class: w.type === 4 ? 'river_50' : null,
      kq: w.type === 4 ? 0.9 : null,
      public_status: n % 4 === 3 ? 2 : 1,
      announce: n % 3 === 2 ? 2 : 1,
    };
    const created = { id: await resource(constructsDef.name).seed(db, row) };
    const limits = [...SEED_LIMITS, ...SEED_LIMITS_MEDICAL].filter((l) => l.standard_code === defaultStandard(w.type) && l.column === row.limit_column);
    const permit = { wastewater_type: w.type, permitted_flow: w.permitted, k_factor: row.k_factor as number | null, kq: row.kq as number | null };
    const rand = rng(2600 + n);
    const flows: Record<string, unknown>[] = [];
    for (let i = 0; i < weeks; i++) {
      const date = new Date(day0 - (weeks - 1 - i) * 7 * 86_400_000).toISOString();
      const v = valuesOf(w, i, weeks, rand);
      const ex = exceededCodes(compareFlow(v, permit, limits));
      flows.push({
        construct_id: created.id,
        measured_date: date,
        flow: v.flow,
        ...Object.fromEntries(PARAMETER_CODES.map((k) => [k, v[k] ?? null])),
        status: ex.length ? 2 : 1,
        exceeded: ex,
      });
    }
    await resource('discharge-traffic').seedMany(db, flows);
    await refreshSummary(db, created.id);
    if (n % 2 === 0) {
      await resource(inventoryDef.name).seed(db, {
        construct_id: created.id,
        survey_year: year,
        survey_date: `${year}-04-${String(10 + n).padStart(2, '0')}T00:00:00Z`,
        wastewater_sources: w.type === 4 ? 'Nước thải sản xuất và sinh hoạt của công nhân' : 'Nước thải sinh hoạt, khu vệ sinh, nhà ăn',
        treatment_system: String(row.treatment_technology),
        monitoring_regime: w.type === 4 ? 'Quan trắc định kỳ 3 tháng/lần; quan trắc tự động lưu lượng, pH, COD, TSS' : 'Quan trắc định kỳ 6 tháng/lần',
        compliance_findings: w.bad ? 'Có lần vượt giới hạn; yêu cầu cải tạo hệ thống xử lý' : 'Tuân thủ giấy phép',
        inspector: 'Nguyễn Thị Hạnh',
      });
    }
  }
}

export default defineModule({
  name: 'discharge-demo',
  after: ['areas'],
  seedDemo: (s) => seedDischargeDemo(s),
});
