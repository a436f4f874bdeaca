import animalsDef from '@nns/shared/resources/animals';
import criteriaDef from '@nns/shared/resources/criteria-seafoods';
import plantsDef from '@nns/shared/resources/plants';
import productAnimalsDef from '@nns/shared/resources/product-animals';
import productPlantsDef from '@nns/shared/resources/product-plants';
import seafoodsDef from '@nns/shared/resources/seafoods';
import { sql } from 'drizzle-orm';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { seedRows } from '../areas/seed';

const on = { is_active: true };

/** Species and varieties a Vietnamese extension officer would recognise, with typical figures. */
export async function seedAgricultural(services: Services) {
  const plants = await seedRows(services, plantsDef, [
    { code: 'LUA', name: 'Lúa', scientific_name: 'Oryza sativa', plant_type: 'luong_thuc', ...on },
    { code: 'CAPHE', name: 'Cà phê', scientific_name: 'Coffea spp.', plant_type: 'cong_nghiep', ...on },
    { code: 'HOTIEU', name: 'Hồ tiêu', scientific_name: 'Piper nigrum', plant_type: 'gia_vi', ...on },
    { code: 'THANHLONG', name: 'Thanh long', scientific_name: 'Selenicereus undatus', plant_type: 'an_qua', ...on },
    { code: 'SAURIENG', name: 'Sầu riêng', scientific_name: 'Durio zibethinus', plant_type: 'an_qua', ...on },
  ]);
  const p = (c: string) => plants.get(c);
  await seedRows(services, productPlantsDef, [
    {
      code: 'LUA-ST25',
      name: 'Lúa ST25',
      plant_id: p('LUA'),
      scientific_name: 'Oryza sativa',
      growth_duration_days: 100,
      seasons: 'Đông Xuân, Hè Thu',
      suitable_soils: 'Đất phù sa, đất phèn nhẹ; thích hợp mô hình lúa – tôm vùng nhiễm mặn nhẹ',
      yield_per_ha: 6.5,
      planting_density: 'Sạ 80–100 kg giống/ha',
      ...on,
    },
    {
      code: 'LUA-OM5451',
      name: 'Lúa OM5451',
      plant_id: p('LUA'),
      scientific_name: 'Oryza sativa',
      growth_duration_days: 95,
      seasons: 'Đông Xuân, Hè Thu, Thu Đông',
      suitable_soils: 'Đất phù sa ngọt, đất phèn nhẹ',
      yield_per_ha: 6.8,
      planting_density: 'Sạ 100–120 kg giống/ha',
      ...on,
    },
    {
      code: 'CF-TR4',
      name: 'Cà phê vối TR4',
      plant_id: p('CAPHE'),
      scientific_name: 'Coffea canephora',
      growth_duration_days: 1095,
      seasons: 'Trồng đầu mùa mưa (tháng 5–7), thu hoạch tháng 10–12',
      suitable_soils: 'Đất đỏ bazan tầng dày, thoát nước tốt, độ cao 500–800 m',
      yield_per_ha: 4.5,
      planting_density: '1.100 cây/ha',
      ...on,
    },
    {
      code: 'CF-CATIMOR',
      name: 'Cà phê chè Catimor',
      plant_id: p('CAPHE'),
      scientific_name: 'Coffea arabica',
      growth_duration_days: 1095,
      seasons: 'Trồng đầu mùa mưa, thu hoạch tháng 9–12',
      suitable_soils: 'Đất đỏ bazan, đất feralit vùng cao trên 1.000 m',
      yield_per_ha: 2.5,
      planting_density: '4.000–5.000 cây/ha',
      ...on,
    },
    {
      code: 'HT-VINHLINH',
      name: 'Hồ tiêu Vĩnh Linh',
      plant_id: p('HOTIEU'),
      scientific_name: 'Piper nigrum',
      growth_duration_days: 1095,
      seasons: 'Trồng đầu mùa mưa, thu hoạch tháng 1–4',
      suitable_soils: 'Đất đỏ bazan, đất xám giàu mùn, không úng nước',
      yield_per_ha: 3.5,
      planting_density: '1.600 trụ/ha',
      ...on,
    },
    {
      code: 'TL-RUOTDO',
      name: 'Thanh long ruột đỏ',
      plant_id: p('THANHLONG'),
      scientific_name: 'Selenicereus costaricensis',
      growth_duration_days: 365,
      seasons: 'Chính vụ tháng 5–8; nghịch vụ xông đèn tháng 10–3',
      suitable_soils: 'Đất cát pha, đất xám thoát nước tốt',
      yield_per_ha: 30,
      planting_density: '1.100–1.300 trụ/ha',
      ...on,
    },
    {
      code: 'SR-RI6',
      name: 'Sầu riêng Ri6',
      plant_id: p('SAURIENG'),
      scientific_name: 'Durio zibethinus',
      growth_duration_days: 1460,
      seasons: 'Thu hoạch tháng 4–8 (Tây Nguyên tháng 8–10)',
      suitable_soils: 'Đất phù sa, đất đỏ bazan tầng dày, thoát nước tốt',
      yield_per_ha: 15,
      planting_density: '150–180 cây/ha',
      ...on,
    },
  ]);
  const animals = await seedRows(services, animalsDef, [
    { code: 'BO', name: 'Bò', scientific_name: 'Bos taurus', animal_type: 'gia_suc', ...on },
    { code: 'HEO', name: 'Heo', scientific_name: 'Sus scrofa domesticus', animal_type: 'gia_suc', ...on },
    { code: 'GA', name: 'Gà', scientific_name: 'Gallus gallus domesticus', animal_type: 'gia_cam', ...on },
  ]);
  const a = (c: string) => animals.get(c);
  await seedRows(services, productAnimalsDef, [
    {
      code: 'BO-LAISIND',
      name: 'Bò lai Sind',
      animal_id: a('BO'),
      scientific_name: 'Bos indicus × Bos taurus',
      growth_duration_days: 540,
      seasons: 'Quanh năm',
      suitable_conditions: 'Chuồng khô ráo, đồng cỏ hoặc trồng cỏ VA06, cỏ voi',
      yield_per_head: 300,
      ...on,
    },
    {
      code: 'HEO-THIT-LAI',
      name: 'Heo thịt lai (Landrace × Yorkshire)',
      animal_id: a('HEO'),
      scientific_name: 'Sus scrofa domesticus',
      growth_duration_days: 165,
      seasons: 'Quanh năm, 2 lứa/năm',
      suitable_conditions: 'Chuồng kín có làm mát, an toàn sinh học phòng dịch tả heo châu Phi',
      yield_per_head: 105,
      ...on,
    },
    {
      code: 'GA-RI',
      name: 'Gà Ri thả vườn',
      animal_id: a('GA'),
      scientific_name: 'Gallus gallus domesticus',
      growth_duration_days: 120,
      seasons: 'Quanh năm, tránh tháng rét đậm',
      suitable_conditions: 'Vườn thả có bóng mát, chuồng ngủ cao ráo',
      yield_per_head: 1.8,
      ...on,
    },
    {
      code: 'GA-DONGTAO',
      name: 'Gà Đông Tảo',
      animal_id: a('GA'),
      scientific_name: 'Gallus gallus domesticus',
      growth_duration_days: 240,
      seasons: 'Xuất bán dịp Tết',
      suitable_conditions: 'Chuồng thoáng, nền khô, mật độ thấp',
      yield_per_head: 4,
      ...on,
    },
  ]);
  // the fish farmed around Hồ Tuyền Lâm (Xuân Hương, Đà Lạt): the demo water station checks its readings against their criteria
  const [lake] = await exec<{ id: number }>(services.db, sql`select id from wards where code = '24781' limit 1`);
  const seafoods = await seedRows(services, seafoodsDef, [
    { code: 'CATRA', name: 'Cá tra', scientific_name: 'Pangasianodon hypophthalmus', seafood_type: 'ca', water_type: 'ngot', ...on },
    { code: 'TOMTHE', name: 'Tôm thẻ chân trắng', scientific_name: 'Litopenaeus vannamei', seafood_type: 'tom', water_type: 'lo', ...on },
    { code: 'TOMSU', name: 'Tôm sú', scientific_name: 'Penaeus monodon', seafood_type: 'tom', water_type: 'lo', ...on },
    {
      code: 'CARP',
      name: 'Cá rô phi',
      scientific_name: 'Oreochromis niloticus',
      seafood_type: 'ca',
      water_type: 'ngot',
      ward_ids: lake ? [lake.id] : null,
      ...on,
    },
  ]);
  const s = (c: string) => seafoods.get(c);
  const range = (sal: [number, number], ph: [number, number], temp: [number, number], doMin: number) => ({
    salinity_min: sal[0],
    salinity_max: sal[1],
    ph_min: ph[0],
    ph_max: ph[1],
    temperature_min: temp[0],
    temperature_max: temp[1],
    dissolved_oxygen_min: doMin,
    dissolved_oxygen_max: null,
  });
  await seedRows(services, criteriaDef, [
    {
      code: 'TC-CATRA-TP',
      name: 'Cá tra nuôi thương phẩm',
      seafood_id: s('CATRA'),
      stage: 'Nuôi thương phẩm',
      ...range([0, 2], [6.5, 8.5], [26, 32], 3),
      ...on,
    },
    {
      code: 'TC-TOMTHE-TP',
      name: 'Tôm thẻ chân trắng nuôi thương phẩm',
      seafood_id: s('TOMTHE'),
      stage: 'Nuôi thương phẩm',
      ...range([10, 25], [7.5, 8.5], [27, 32], 4),
      ...on,
    },
    {
      code: 'TC-TOMTHE-UONG',
      name: 'Tôm thẻ chân trắng ương giống',
      seafood_id: s('TOMTHE'),
      stage: 'Ương giống',
      ...range([15, 30], [7.5, 8.5], [28, 31], 5),
      ...on,
    },
    {
      code: 'TC-TOMSU-TP',
      name: 'Tôm sú nuôi thương phẩm',
      seafood_id: s('TOMSU'),
      stage: 'Nuôi thương phẩm',
      ...range([15, 25], [7.5, 8.5], [28, 30], 4),
      ...on,
    },
    {
      code: 'TC-CARP-TP',
      name: 'Cá rô phi nuôi thương phẩm',
      seafood_id: s('CARP'),
      stage: 'Nuôi thương phẩm',
      ...range([0, 15], [6.5, 8.5], [25, 32], 3),
      ...on,
    },
  ]);
}
