import farmingFormsDef from '@nns/shared/resources/farming-forms';
import manufacturingFormsDef from '@nns/shared/resources/manufacturing-forms';
import manufacturingSectorsDef from '@nns/shared/resources/manufacturing-sectors';
import productGroupsDef from '@nns/shared/resources/product-groups';
import productUnitsDef from '@nns/shared/resources/product-units';
import { defineModule } from '../../core/module';
import { seedRows } from '../areas/seed';
import { productGroupHooks, refreshPaths } from './product-groups-tree';

const rows = (list: [string, string, string?][]) =>
  list.map(([code, name, description], i) => ({ code, name, description: description ?? null, sort_order: i + 1, is_active: true }));

/** Groups as [code, name, parent code]: names the producers' demo data looks up (Cà phê rang xay, Trà, Hoa…). */
const GROUPS: [string, string, string | null][] = [
  ['NS', 'Nông sản', null],
  ['NS-CF', 'Cà phê', 'NS'],
  ['NS-CF-NHAN', 'Cà phê nhân', 'NS-CF'],
  ['NS-CF-RANG', 'Cà phê rang xay', 'NS-CF'],
  ['NS-LG', 'Lúa gạo', 'NS'],
  ['NS-GV', 'Gia vị', 'NS'],
  ['NS-TC', 'Trái cây', 'NS'],
  ['NS-RC', 'Rau củ', 'NS'],
  ['NS-TRA', 'Trà', 'NS'],
  ['NS-HOA', 'Hoa', 'NS'],
  ['TS', 'Thủy sản', null],
  ['CN', 'Sản phẩm chăn nuôi', null],
  ['CB', 'Thực phẩm chế biến', null],
];

export default defineModule({
  name: 'catalog',
  hooks: { 'product-groups': productGroupHooks },
  async seedDemo(services) {
    await seedRows(
      services,
      manufacturingFormsDef,
      rows([
        ['HGD', 'Hộ gia đình', 'Hộ sản xuất nông nghiệp quy mô gia đình'],
        ['THT', 'Tổ hợp tác', 'Nhóm hộ cùng hợp tác theo hợp đồng hợp tác'],
        ['HTX', 'Hợp tác xã', 'Tổ chức kinh tế tập thể theo Luật Hợp tác xã'],
        ['TT', 'Trang trại', 'Kinh tế trang trại đạt tiêu chí quy mô'],
        ['DN', 'Doanh nghiệp', 'Công ty TNHH, công ty cổ phần, doanh nghiệp tư nhân'],
      ]),
    );
    await seedRows(
      services,
      manufacturingSectorsDef,
      rows([
        ['TT', 'Trồng trọt'],
        ['CN', 'Chăn nuôi'],
        ['TS', 'Thủy sản'],
        ['LN', 'Lâm nghiệp'],
        ['CB', 'Chế biến nông sản'],
      ]),
    );
    const units: [string, string][] = [
      ['Kilôgam', 'kg'],
      ['Tấn', 'tấn'],
      ['Tạ', 'tạ'],
      ['Gam', 'g'],
      ['Lít', 'l'],
      ['Gói', 'gói'],
      ['Túi', 'túi'],
      ['Hộp', 'hộp'],
      ['Chai', 'chai'],
      ['Thùng', 'thùng'],
      ['Bao', 'bao'],
      ['Quả', 'quả'],
      ['Con', 'con'],
      ['Bó', 'bó'],
    ];
    await seedRows(
      services,
      productUnitsDef,
      units.map(([name, symbol]) => ({ name, symbol, is_active: true })),
      'name',
    );
    await seedRows(
      services,
      farmingFormsDef,
      [
        { code: 'TRUYEN-THONG', name: 'Truyền thống', standard: null, description: 'Canh tác theo tập quán địa phương' },
        { code: 'VIETGAP', name: 'VietGAP', standard: 'TCVN 11892-1:2017', description: 'Thực hành nông nghiệp tốt Việt Nam' },
        { code: 'GLOBALGAP', name: 'GlobalG.A.P.', standard: 'GlobalG.A.P. IFA v6', description: 'Thực hành nông nghiệp tốt toàn cầu' },
        { code: 'HUU-CO', name: 'Hữu cơ', standard: 'TCVN 11041-2:2017', description: 'Nông nghiệp hữu cơ, không dùng phân bón và thuốc hóa học tổng hợp' },
        { code: '4C', name: '4C (cà phê bền vững)', standard: 'Bộ quy tắc 4C', description: 'Chứng nhận cà phê bền vững' },
      ].map((f) => ({ ...f, is_active: true })),
      'name',
    );
    const ids = new Map<string, number>();
    for (const [code, name, parent] of GROUPS) {
      const got = await seedRows(services, productGroupsDef, [
        { code, name, parent_id: parent ? ids.get(parent) : null, is_active: true, sort_order: ids.size + 1 },
      ]);
      ids.set(code, got.get(code) as number);
    }
    for (const [code, , parent] of GROUPS) if (!parent) await refreshPaths(services.db, ids.get(code) as number);
  },
});
