import type { DiaryInput } from '@nns/shared/culture';

/**
 * A season of the coffee cooperative (Phú Hội, Lâm Đồng) and of the ST25 rice–shrimp producer (Hòa
 * Tú, Cần Thơ): a process with its stages, planting areas, one batch in progress and one harvested,
 * and their diaries. Dates are days after planting, so the demo stays alive whenever it is loaded.
 */
export interface DemoDiary {
  day: number;
  stage: number;
  activity: string;
  weather: string;
  note: string;
  inputs?: DiaryInput[];
  traceable?: boolean;
}

export interface DemoSeason {
  producer: string;
  product: string;
  area: string;
  process: { name: string; description: string; template?: string; stages: { name: string; days: number; activities: string; inputs?: string }[] };
  plots: { code: string; name: string; crop: string; ha: number; households: string }[];
  /** batches: days ago it was planted, and for a harvested one how many days ago it was harvested */
  batches: {
    code: string;
    plantedDaysAgo: number;
    harvestedDaysAgo?: number;
    plot: number;
    quantity: number;
    expected: number;
    actual?: number;
    price: number;
  }[];
  diaries: DemoDiary[];
}

export const SEASONS: DemoSeason[] = [
  {
    producer: 'CSSX-LDG-001',
    product: 'SP-CF-NHAN-1KG',
    area: 'VNL-LDG-001',
    process: {
      name: 'Quy trình canh tác cà phê Arabica theo VietGAP – HTX Phú Hội',
      template: 'Quy trình mẫu canh tác cà phê theo VietGAP',
      description: 'Một vụ cà phê từ cắt cành sau thu hoạch đến thu hái quả chín và sơ chế ướt, theo TCVN 11892-1:2017 (VietGAP trồng trọt).',
      stages: [
        { name: 'Cắt cành, vệ sinh vườn', days: 20, activities: 'Cắt cành già, cành sâu bệnh; dọn tàn dư, làm bồn giữ ẩm' },
        { name: 'Tưới nước, bón phân ra hoa', days: 60, activities: 'Tưới đợt 1 khi nụ chín, bón phân đợt 1', inputs: 'Phân NPK 16-16-8, nước giếng khoan' },
        {
          name: 'Chăm sóc, phòng trừ sâu bệnh',
          days: 150,
          activities: 'Bón phân đợt 2, 3; làm cỏ; phun thuốc khi rệp sáp, mọt đục quả vượt ngưỡng',
          inputs: 'Phân hữu cơ vi sinh, thuốc BVTV trong danh mục',
        },
        { name: 'Thu hái quả chín', days: 60, activities: 'Hái chọn quả chín trên 90 %, không tuốt cành' },
        { name: 'Sơ chế ướt, phơi', days: 20, activities: 'Xát vỏ, lên men, rửa, phơi giàn đến độ ẩm dưới 12,5 %' },
      ],
    },
    plots: [
      {
        code: 'VN-LDOR-0271',
        name: 'Đồi Phú An 1',
        crop: 'Cà phê Arabica Catimor',
        ha: 12.4,
        households: "Ka H'Bình – 0977315264\nHoàng Văn Lực – 0913 552 118\nK'Brơi – 0868 221 470",
      },
      {
        code: 'VN-LDOR-0272',
        name: 'Đồi Phú An 2',
        crop: 'Cà phê Robusta TR4',
        ha: 9.8,
        households: 'Y Thuyên Ayun – 0968142735\nNguyễn Thị Hạnh – 0945 330 126',
      },
    ],
    batches: [
      { code: 'LO-CF-PH-2025', plantedDaysAgo: 560, harvestedDaysAgo: 285, plot: 0, quantity: 12.4, expected: 31000, actual: 29650, price: 118000 },
      { code: 'LO-CF-PH-2026', plantedDaysAgo: 170, plot: 0, quantity: 12.4, expected: 32500, price: 125000 },
    ],
    diaries: [
      { day: 2, stage: 0, activity: 'pruning', weather: 'sunny', note: 'Cắt cành vượt, cành khô trên 12,4 ha; gom tàn dư ủ làm phân', traceable: true },
      { day: 12, stage: 0, activity: 'weeding', weather: 'cloudy', note: 'Làm cỏ gốc, tủ gốc bằng vỏ cà phê đã ủ' },
      {
        day: 24,
        stage: 1,
        activity: 'irrigation',
        weather: 'hot',
        note: 'Tưới đợt 1 khi nụ chín, 500 lít/gốc',
        inputs: [{ name: 'Nước giếng khoan', amount: 500, unit: 'lít/gốc' }],
        traceable: true,
      },
      {
        day: 40,
        stage: 1,
        activity: 'fertilizing',
        weather: 'sunny',
        note: 'Bón phân đợt 1 sau tưới, rải quanh tán và lấp đất',
        inputs: [{ name: 'Phân NPK 16-16-8 Đầu Trâu', amount: 2500, unit: 'kg', supplier: 'Đại lý vật tư nông nghiệp Phú Hội' }],
        traceable: true,
      },
      {
        day: 70,
        stage: 1,
        activity: 'irrigation',
        weather: 'hot',
        note: 'Tưới đợt 3, 450 lít/gốc',
        inputs: [{ name: 'Nước giếng khoan', amount: 450, unit: 'lít/gốc' }],
      },
      {
        day: 95,
        stage: 2,
        activity: 'fertilizing',
        weather: 'light_rain',
        note: 'Bón phân hữu cơ vi sinh đầu mùa mưa',
        inputs: [{ name: 'Phân hữu cơ vi sinh Sông Gianh', amount: 6000, unit: 'kg', supplier: 'Công ty CP Tổng công ty Sông Gianh' }],
        traceable: true,
      },
      {
        day: 130,
        stage: 2,
        activity: 'spraying',
        weather: 'cloudy',
        note: 'Rệp sáp hại quả vượt ngưỡng ở lô đồi 1; phun cục bộ các cây bị hại, đeo bảo hộ đầy đủ',
        inputs: [
          { name: 'Movento 150OD', active_ingredient: 'Spirotetramat', amount: 1.2, unit: 'lít', supplier: 'Đại lý vật tư nông nghiệp Phú Hội', phi_days: 14 },
          { name: 'Nước pha thuốc', amount: 800, unit: 'lít' },
        ],
        traceable: true,
      },
      { day: 160, stage: 2, activity: 'inspection', weather: 'light_rain', note: 'Kiểm tra mọt đục quả: dưới ngưỡng, không phun' },
      {
        day: 235,
        stage: 3,
        activity: 'spraying',
        weather: 'sunny',
        note: 'Phun phòng bệnh khô cành trước thu hái',
        inputs: [{ name: 'Anvil 5SC', active_ingredient: 'Hexaconazole', amount: 1, unit: 'lít', supplier: 'Đại lý vật tư nông nghiệp Phú Hội', phi_days: 7 }],
      },
      { day: 250, stage: 3, activity: 'harvest', weather: 'sunny', note: 'Thu hái quả chín đợt 1, tỉ lệ chín 92 %: 14.200 kg quả tươi', traceable: true },
      { day: 275, stage: 3, activity: 'harvest', weather: 'cloudy', note: 'Thu hái đợt 2: 15.450 kg quả tươi', traceable: true },
      { day: 284, stage: 4, activity: 'post_harvest', weather: 'sunny', note: 'Xát tươi, lên men 36 giờ, phơi giàn nhà kính', traceable: true },
    ],
  },
  {
    producer: 'CSSX-CTO-007',
    product: 'SP-GAO-ST25-5KG',
    area: 'VNL-CTO-001',
    process: {
      name: 'Quy trình lúa ST25 luân canh lúa – tôm hữu cơ',
      description: 'Vụ lúa mùa trên ruộng nuôi tôm: rửa mặn bằng nước mưa, sạ thưa, không dùng phân và thuốc hóa học.',
      stages: [
        { name: 'Rửa mặn, làm đất', days: 15, activities: 'Lấy nước mưa rửa mặn, đo độ mặn dưới 2 ‰ trước khi sạ' },
        { name: 'Gieo sạ', days: 5, activities: 'Sạ thưa 60 kg giống/ha', inputs: 'Giống lúa ST25 xác nhận' },
        { name: 'Đẻ nhánh', days: 40, activities: 'Giữ nước 5–10 cm, bón phân hữu cơ', inputs: 'Phân hữu cơ, chế phẩm sinh học' },
        { name: 'Làm đòng – trổ', days: 30, activities: 'Theo dõi sâu cuốn lá, bệnh đạo ôn; chỉ dùng thuốc sinh học' },
        { name: 'Chín – thu hoạch', days: 25, activities: 'Rút nước trước gặt 10 ngày, gặt khi 85–90 % hạt chín' },
      ],
    },
    plots: [
      {
        code: 'VN-CTOR-0118',
        name: 'Ruộng ấp Hòa Phuông',
        crop: 'Lúa ST25',
        ha: 18.2,
        households: 'Lâm Văn Thạch – 0939 418 205\nThạch Thị Sa Rươl – 0916 207 335',
      },
      { code: 'VN-CTOR-0119', name: 'Ruộng ấp Hòa Lời', crop: 'Lúa ST25', ha: 14.6, households: 'Trần Văn Út – 0888 640 117' },
    ],
    batches: [
      { code: 'LO-ST25-HT-2025', plantedDaysAgo: 330, harvestedDaysAgo: 217, plot: 0, quantity: 18.2, expected: 91000, actual: 87400, price: 32000 },
      { code: 'LO-ST25-HT-2026', plantedDaysAgo: 75, plot: 1, quantity: 14.6, expected: 73000, price: 33000 },
    ],
    diaries: [
      { day: 1, stage: 0, activity: 'land_preparation', weather: 'light_rain', note: 'Lấy nước mưa rửa mặn lần 1; độ mặn 3,1 ‰', traceable: true },
      { day: 12, stage: 0, activity: 'inspection', weather: 'cloudy', note: 'Đo độ mặn 1,6 ‰: đủ điều kiện sạ' },
      {
        day: 16,
        stage: 1,
        activity: 'planting',
        weather: 'sunny',
        note: 'Sạ thưa bằng máy, 60 kg/ha',
        inputs: [{ name: 'Giống lúa ST25 cấp xác nhận', amount: 1090, unit: 'kg', supplier: 'DNTN Hồ Quang Trí' }],
        traceable: true,
      },
      {
        day: 30,
        stage: 2,
        activity: 'fertilizing',
        weather: 'cloudy',
        note: 'Bón phân hữu cơ vi sinh lần 1',
        inputs: [{ name: 'Phân hữu cơ vi sinh Trichoderma', amount: 3600, unit: 'kg', supplier: 'HTX Nông nghiệp Hòa Tú' }],
        traceable: true,
      },
      { day: 45, stage: 2, activity: 'irrigation', weather: 'sunny', note: 'Giữ mực nước 7 cm, thay nước ruộng' },
      {
        day: 68,
        stage: 3,
        activity: 'spraying',
        weather: 'cloudy',
        note: 'Sâu cuốn lá mật độ 25 con/m²: phun thuốc sinh học',
        inputs: [{ name: 'Vimatrine 0.6SL', active_ingredient: 'Matrine', amount: 9, unit: 'lít', supplier: 'Đại lý Hai Lúa Hòa Tú', phi_days: 3 }],
        traceable: true,
      },
      { day: 90, stage: 3, activity: 'inspection', weather: 'sunny', note: 'Lúa trổ đều 95 %, không có đạo ôn cổ bông' },
      { day: 100, stage: 4, activity: 'irrigation', weather: 'sunny', note: 'Rút nước chuẩn bị thu hoạch' },
      { day: 113, stage: 4, activity: 'harvest', weather: 'sunny', note: 'Gặt máy, 87.400 kg lúa tươi, phơi sấy trong ngày', traceable: true },
    ],
  },
  {
    // the ward of the demo ward officer (Xuân Hương): a batch in progress she follows and keeps the diary of
    producer: 'CSSX-LDG-006',
    product: 'SP-HONG-TREOGIO',
    area: 'VNL-LDG-006',
    process: {
      name: 'Quy trình chăm sóc vườn hồng và làm hồng treo gió – Xuân Hương',
      description: 'Một vụ hồng từ tỉa cành sau thu hoạch đến hái hồng chín và treo gió 30–35 ngày, theo cách truyền thống Đà Lạt.',
      stages: [
        { name: 'Tỉa cành, vệ sinh vườn', days: 20, activities: 'Tỉa cành già, cành sâu bệnh; dọn lá rụng, quét vôi gốc' },
        { name: 'Bón phân, tưới nuôi hoa', days: 40, activities: 'Bón phân hữu cơ và NPK, tưới giữ ẩm khi ra hoa', inputs: 'Phân hữu cơ vi sinh, phân NPK' },
        {
          name: 'Chăm sóc, phòng trừ sâu bệnh',
          days: 120,
          activities: 'Tỉa quả, làm cỏ; phun thuốc khi ruồi vàng, thán thư vượt ngưỡng',
          inputs: 'Thuốc BVTV trong danh mục',
        },
        { name: 'Hái hồng chín', days: 30, activities: 'Hái quả chín vàng, giữ cuống, không làm dập' },
        { name: 'Gọt vỏ, treo gió', days: 35, activities: 'Gọt vỏ, treo nơi thoáng gió, bóp nhẹ mỗi ngày cho dẻo đều' },
      ],
    },
    plots: [
      {
        code: 'VN-LDOR-0306',
        name: 'Vườn hồng dốc Trại Mát',
        crop: 'Hồng Fuyu',
        ha: 5.7,
        households: 'Phạm Văn Sơn – 0913 648 275\nLê Thị Mai – 0978 221 604',
      },
    ],
    batches: [{ code: 'LO-HONG-XH-2026', plantedDaysAgo: 110, plot: 0, quantity: 5.7, expected: 34000, price: 45000 }],
    diaries: [
      { day: 3, stage: 0, activity: 'pruning', weather: 'sunny', note: 'Tỉa cành già, cành vượt trên 5,7 ha; gom cành đem đốt xa vườn', traceable: true },
      {
        day: 25,
        stage: 1,
        activity: 'fertilizing',
        weather: 'cloudy',
        note: 'Bón phân đợt 1 quanh tán, lấp đất và tưới ngay',
        inputs: [{ name: 'Phân hữu cơ vi sinh Sông Gianh', amount: 1200, unit: 'kg', supplier: 'Đại lý vật tư nông nghiệp Xuân Hương' }],
        traceable: true,
      },
      {
        day: 38,
        stage: 1,
        activity: 'irrigation',
        weather: 'hot',
        note: 'Tưới giữ ẩm khi hoa nở, 200 lít/gốc',
        inputs: [{ name: 'Nước hồ Than Thở', amount: 200, unit: 'lít/gốc' }],
      },
      {
        day: 75,
        stage: 2,
        activity: 'spraying',
        weather: 'cloudy',
        note: 'Ruồi vàng đục quả vượt ngưỡng; phun bả cục bộ, đeo bảo hộ đầy đủ',
        inputs: [
          { name: 'Radiant 60SC', active_ingredient: 'Spinetoram', amount: 0.5, unit: 'lít', supplier: 'Đại lý vật tư nông nghiệp Xuân Hương', phi_days: 7 },
        ],
        traceable: true,
      },
      { day: 96, stage: 2, activity: 'weeding', weather: 'light_rain', note: 'Làm cỏ gốc, tỉa bớt quả nhỏ, quả sâu' },
    ],
  },
];
