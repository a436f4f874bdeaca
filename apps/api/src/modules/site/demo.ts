import crypto from 'node:crypto';
import bannersDef from '@nns/shared/resources/banner-images';
import contactDef from '@nns/shared/resources/contact';
import footerDef from '@nns/shared/resources/footer';
import menusDef from '@nns/shared/resources/menus';
import calendarsDef from '@nns/shared/resources/seasonal-calendars';
import shippingDef from '@nns/shared/resources/shipping-methods';
import siteConfigsDef from '@nns/shared/resources/site-configs';
import websitesDef from '@nns/shared/resources/websites';
import type { MenuItem } from '@nns/shared/site';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { exec } from '../../core/resource-store';
import type { Services } from '../../core/services';
import { uploads } from '../../db/schema/core';
import { seedRows } from '../areas/seed';
import { thumbKeyOf } from '../media/media-types';

/** A landscape drawn in shapes (fields, hills, sun), stored like an upload: banners and the logo have real files. */
async function demoPicture(s: Services, w: number, h: number, sky: string, field: string, sun: string): Promise<string> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" fill="${sky}"/><circle cx="${w * 0.78}" cy="${h * 0.3}" r="${h * 0.14}" fill="${sun}"/>
    <path d="M0 ${h * 0.65} Q ${w * 0.25} ${h * 0.45} ${w * 0.5} ${h * 0.62} T ${w} ${h * 0.58} V ${h} H 0 Z" fill="${field}" fill-opacity="0.8"/>
    <path d="M0 ${h * 0.8} Q ${w * 0.3} ${h * 0.68} ${w * 0.6} ${h * 0.8} T ${w} ${h * 0.76} V ${h} H 0 Z" fill="${field}"/></svg>`);
  const base = `media/demo/${crypto.randomBytes(8).toString('hex')}`;
  const png = await sharp(svg).png().toBuffer();
  await s.storage.put(`${base}.png`, png);
  await s.storage.put(thumbKeyOf(`${base}.png`), await sharp(png).resize(320).webp().toBuffer());
  await s.db.insert(uploads).values({ key: `${base}.png`, original_name: 'demo.png', mime: 'image/png', size: png.length, width: w, height: h });
  return `/uploads/${base}.png`;
}

const MENUS: { name: string; position: string; items: MenuItem[] }[] = [
  {
    name: 'Menu chính',
    position: 'header',
    items: [
      { key: 'trang-chu', title: 'Trang chủ', kind: 'url', url: '/' },
      {
        key: 'tin-tuc',
        title: 'Tin tức',
        kind: 'url',
        url: '/tin-tuc',
        children: [
          { key: 'ky-thuat', title: 'Kỹ thuật canh tác', kind: 'url', url: '/chuyen-muc/ky-thuat-canh-tac' },
          { key: 'gia-ca', title: 'Giá cả thị trường', kind: 'url', url: '/chuyen-muc/gia-ca-thi-truong' },
          { key: 'canh-bao', title: 'Cảnh báo thời tiết, dịch hại', kind: 'url', url: '/chuyen-muc/canh-bao' },
        ],
      },
      { key: 'lich-thoi-vu', title: 'Lịch thời vụ', kind: 'url', url: '/lich-thoi-vu' },
      { key: 'truy-xuat', title: 'Truy xuất nguồn gốc', kind: 'url', url: '/truy-xuat' },
      { key: 'thu-vien', title: 'Thư viện', kind: 'url', url: '/thu-vien' },
      { key: 'lien-he', title: 'Liên hệ', kind: 'url', url: '/lien-he' },
    ],
  },
  {
    name: 'Menu chân trang',
    position: 'footer',
    items: [
      { key: 'gioi-thieu', title: 'Giới thiệu', kind: 'url', url: '/gioi-thieu' },
      { key: 'huong-dan', title: 'Hướng dẫn tra cứu tem truy xuất', kind: 'url', url: '/huong-dan-truy-xuat' },
      { key: 'chinh-sach', title: 'Chính sách bảo mật', kind: 'url', url: '/chinh-sach-bao-mat' },
      { key: 'bo-nn', title: 'Bộ Nông nghiệp và Môi trường', kind: 'url', url: 'https://mae.gov.vn', new_tab: true },
    ],
  },
];

/**
 * The demo portal's settings: menus, banners of each slot, footer, contact, logo and site information,
 * partner sites, shipping methods, and the season calendars of the demo province's rice and coffee.
 * Skips what is there, so a second start adds nothing.
 */
export async function seedSite(s: Services) {
  const db = s.db;
  const [{ n }] = await exec<{ n: number }>(db, sql`select count(*)::int as n from menus`);
  if (n === 0) {
    for (const m of MENUS) await seedRows(s, menusDef, [{ ...m, status: 1 }], 'position');
  }

  const [{ b }] = await exec<{ b: number }>(db, sql`select count(*)::int as b from banner_images`);
  if (b === 0) {
    const banners = [
      {
        position: 'main',
        title: 'Mùa vụ Đông Xuân 2025–2026',
        alt: 'Cánh đồng lúa xanh mùa Đông Xuân',
        link: '/lich-thoi-vu',
        colours: ['#cfe8f7', '#5a9e3c', '#f6c445'],
      },
      {
        position: 'main',
        title: 'Cà phê Cầu Đất – chất lượng từ vùng cao',
        alt: 'Đồi cà phê chè Cầu Đất lúc bình minh',
        link: '/chuyen-muc/ca-phe',
        colours: ['#f3dcc2', '#6b4f2c', '#f29d38'],
      },
      {
        position: 'main',
        title: 'Tra cứu nguồn gốc nông sản bằng mã QR',
        alt: 'Nông sản có tem truy xuất nguồn gốc',
        link: '/truy-xuat',
        colours: ['#dff1e6', '#2f7d4f', '#ffd166'],
      },
      {
        position: 'second',
        title: 'Hội chợ nông sản Đà Lạt 2026',
        alt: 'Gian hàng nông sản tại hội chợ',
        link: '/tin-tuc',
        colours: ['#fde2e4', '#bf4d6b', '#fff1a8'],
      },
      { position: 'header', title: 'Ảnh đầu trang cổng thông tin', alt: 'Thung lũng rau hoa Đà Lạt', link: null, colours: ['#e3f2fd', '#3b7d3a', '#ffe08a'] },
    ];
    let i = 0;
    for (const ban of banners) {
      const [sky, field, sun] = ban.colours;
      const image = await demoPicture(s, ban.position === 'header' ? 1600 : 1200, ban.position === 'header' ? 300 : 450, sky, field, sun);
      const { colours: _c, ...row } = ban;
      await seedRows(s, bannersDef, [{ ...row, image, sort_order: i++ % 3, status: 1, active_from: null, active_to: null }], 'title');
    }
  }

  if (!(await exec(db, sql`select 1 from footer limit 1`)).length) {
    await seedRows(
      s,
      footerDef,
      [
        {
          organization: 'Ủy ban nhân dân phường Xuân Hương – Đà Lạt',
          address: '02 Trần Hưng Đạo, phường Xuân Hương – Đà Lạt, tỉnh Lâm Đồng',
          phone: '02633822456',
          email: 'nongnghiep@xuanhuong.lamdong.gov.vn',
          license: 'Giấy phép thiết lập trang thông tin điện tử tổng hợp số 12/GP-STTTT do Sở Thông tin và Truyền thông tỉnh Lâm Đồng cấp',
          copyright: '© 2026 Cổng thông tin nông nghiệp số phường Xuân Hương. Ghi rõ nguồn khi phát hành lại thông tin từ trang này.',
          facebook: 'https://facebook.com/nongnghiepxuanhuong',
          youtube: null,
          zalo: 'https://zalo.me/nongnghiepxuanhuong',
          content: '<p>Chịu trách nhiệm nội dung: Phòng Kinh tế phường Xuân Hương – Đà Lạt.</p>',
        },
      ],
      'organization',
    );
  }
  if (!(await exec(db, sql`select 1 from contact limit 1`)).length) {
    await seedRows(
      s,
      contactDef,
      [
        {
          organization: 'Phòng Kinh tế phường Xuân Hương – Đà Lạt',
          address: '02 Trần Hưng Đạo, phường Xuân Hương – Đà Lạt, tỉnh Lâm Đồng',
          phone: '02633822456',
          hotline: '0912345678',
          email: 'lienhe@xuanhuong.lamdong.gov.vn',
          working_hours: 'Thứ Hai – Thứ Sáu: 7:30 – 11:30, 13:30 – 17:00',
          lat: 11.9404,
          long: 108.4423,
          intro:
            '<p>Bà con cần hỗ trợ kỹ thuật canh tác, đăng ký mã số vùng trồng hay tem truy xuất nguồn gốc, xin liên hệ bộ phận một cửa hoặc gọi đường dây nóng.</p>',
        },
      ],
      'organization',
    );
  }
  if (!(await exec(db, sql`select 1 from site_configs limit 1`)).length) {
    const logo = await demoPicture(s, 400, 400, '#ffffff', '#2f7d4f', '#f6c445');
    await seedRows(
      s,
      siteConfigsDef,
      [
        {
          logo,
          logo_footer: logo,
          favicon: null,
          site_name: 'Cổng thông tin Nông nghiệp số phường Xuân Hương',
          short_name: 'Nông nghiệp số',
          slogan: 'Minh bạch nguồn gốc – nâng giá trị nông sản',
          description: 'Tin tức kỹ thuật, giá cả thị trường, lịch thời vụ và tra cứu truy xuất nguồn gốc nông sản của phường Xuân Hương – Đà Lạt.',
          seo_title: 'Nông nghiệp số Xuân Hương – Đà Lạt',
          seo_description: 'Thông tin nông nghiệp, lịch thời vụ và truy xuất nguồn gốc nông sản Đà Lạt.',
          seo_keywords: 'nông nghiệp Đà Lạt, lịch thời vụ, truy xuất nguồn gốc, cà phê Cầu Đất, rau hoa Đà Lạt',
        },
      ],
      'site_name',
    );
  }

  await seedRows(
    s,
    websitesDef,
    [
      { name: 'Bộ Nông nghiệp và Môi trường', url: 'https://mae.gov.vn', description: 'Cổng thông tin điện tử của Bộ', sort_order: 1, status: 1 },
      { name: 'Cổng thông tin điện tử tỉnh Lâm Đồng', url: 'https://lamdong.gov.vn', description: null, sort_order: 2, status: 1 },
      { name: 'Cổng thông tin truy xuất nguồn gốc quốc gia', url: 'https://truyxuatnguongoc.gov.vn', description: null, sort_order: 3, status: 1 },
    ],
    'name',
  );
  await seedRows(
    s,
    shippingDef,
    [
      { name: 'Giao hàng tiêu chuẩn', fee: 30000, description: 'Giao trong 2–4 ngày làm việc trên toàn quốc', status: 1 },
      { name: 'Giao hàng nhanh nội tỉnh', fee: 20000, description: 'Giao trong ngày tại tỉnh Lâm Đồng', status: 1 },
      { name: 'Nhận tại hợp tác xã', fee: 0, description: 'Khách tự đến nhận hàng tại hợp tác xã', status: 1 },
    ],
    'name',
  );

  // the demo province's rice and coffee, in the two demo wards and the Tây Nguyên region
  const ids = async (q: ReturnType<typeof sql>) => new Map((await exec<{ k: string; id: number }>(db, q)).map((r) => [r.k, r.id]));
  const plants = await ids(sql`select code as k, id from plants where code in ('LUA', 'CAPHE')`);
  const varieties = await ids(sql`select code as k, id from product_plants where code in ('LUA-OM5451', 'LUA-ST25', 'CF-CATIMOR', 'CF-TR4')`);
  const wards = await ids(sql`select code as k, id from wards where code in ('24781', '24778')`);
  const regions = await ids(sql`select code as k, id from regions where code = 'TN'`);
  if (!plants.get('LUA') || !plants.get('CAPHE') || (!wards.size && !regions.size)) return;
  const d = (v: string) => `${v}T00:00:00Z`;
  const ward = (code: string) => wards.get(code) ?? null;
  const region = (code: string) => regions.get(code) ?? null;
  const rows = [
    {
      name: 'Lúa vụ Đông Xuân 2025–2026',
      plant_id: plants.get('LUA'),
      product_plant_id: varieties.get('LUA-OM5451') ?? null,
      season: 'dong_xuan',
      year: 2026,
      ward_id: ward('24781'),
      region_id: null,
      sowing_from: d('2025-12-15'),
      sowing_to: d('2026-01-10'),
      harvest_from: d('2026-04-01'),
      harvest_to: d('2026-04-30'),
      notes: 'Gieo sạ tập trung, né rầy theo lịch của trạm bảo vệ thực vật; bón lót phân chuồng hoai mục và lân.',
      visibility: 1,
    },
    {
      name: 'Lúa vụ Hè Thu 2026',
      plant_id: plants.get('LUA'),
      product_plant_id: varieties.get('LUA-ST25') ?? null,
      season: 'he_thu',
      year: 2026,
      ward_id: ward('24781'),
      region_id: null,
      sowing_from: d('2026-04-25'),
      sowing_to: d('2026-05-20'),
      harvest_from: d('2026-08-10'),
      harvest_to: d('2026-09-05'),
      notes: 'Xuống giống sau khi có mưa đầu mùa; chú ý bệnh đạo ôn lá giai đoạn đẻ nhánh.',
      visibility: 1,
    },
    {
      name: 'Lúa vụ Thu Đông 2026 (dự kiến)',
      plant_id: plants.get('LUA'),
      product_plant_id: null,
      season: 'thu_dong',
      year: 2026,
      ward_id: ward('24778') ?? ward('24781'),
      region_id: null,
      sowing_from: d('2026-09-01'),
      sowing_to: d('2026-09-20'),
      harvest_from: d('2026-12-01'),
      harvest_to: d('2026-12-25'),
      notes: 'Chờ ý kiến của Phòng Kinh tế trước khi công bố.',
      visibility: 2,
    },
    {
      name: 'Cà phê chè Catimor – trồng mới và thu hoạch 2026',
      plant_id: plants.get('CAPHE'),
      product_plant_id: varieties.get('CF-CATIMOR') ?? null,
      season: 'vu_mua',
      year: 2026,
      ward_id: ward('24778') ?? ward('24781'),
      region_id: null,
      sowing_from: d('2026-05-15'),
      sowing_to: d('2026-07-31'),
      harvest_from: d('2026-10-01'),
      harvest_to: d('2026-12-31'),
      notes: 'Trồng mới đầu mùa mưa khi đất đủ ẩm; thu hái quả chín đỏ trên 90 %, không tuốt cành.',
      visibility: 1,
    },
    {
      name: 'Cà phê vối TR4 – vùng Tây Nguyên 2026',
      plant_id: plants.get('CAPHE'),
      product_plant_id: varieties.get('CF-TR4') ?? null,
      season: 'vu_mua',
      year: 2026,
      ward_id: null,
      region_id: region('TN'),
      sowing_from: d('2026-05-01'),
      sowing_to: d('2026-07-15'),
      harvest_from: d('2026-10-15'),
      harvest_to: d('2026-12-20'),
      notes: 'Tưới đợt 1 sau thu hoạch khi nụ hoa phát triển đầy đủ; trồng xen cây che bóng.',
      visibility: 1,
    },
  ].filter((r) => r.ward_id != null || r.region_id != null);
  await seedRows(s, calendarsDef, rows, 'name');
}
