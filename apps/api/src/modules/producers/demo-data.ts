/**
 * Demo producers of well-known Vietnamese specialities, in their real provinces and at their real
 * coordinates. Names, tax codes and people are invented; GTINs use Vietnam's GS1 prefix 893.
 */
export interface DemoProducer {
  code: string;
  name: string;
  form: string;
  sector: string;
  representative: string;
  tax_code: string;
  business_license_no: string;
  phone: string;
  email: string;
  website?: string;
  address: string;
  /** part of the ward's name, to find it in the administrative units when they are loaded */
  ward: string[];
  lat: number;
  long: number;
  description: string;
  certifications: Record<string, unknown>[];
  /** GS1 company number after 893 (4 digits) */
  gs1: string;
  products: DemoProduct[];
  area: { code: string; name: string; ha: number; enteredHa?: number; farming: string; lat: number; long: number; address: string };
}

export interface DemoProduct {
  code: string;
  name: string;
  group: string;
  unit: string;
  farming: string;
  price: number;
  shelf: number;
  ocop?: number;
  status: 'pending' | 'approved' | 'rejected';
  highlight?: boolean;
  ingredients: string;
  usage: string;
  storage: string;
  description: string;
  colour: string;
}

const until = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-28T00:00:00Z`;

export const PRODUCERS: DemoProducer[] = [
  {
    code: 'CSSX-DLK-001', name: 'Hợp tác xã Nông nghiệp Cà phê Ea Tu', form: 'Hợp tác xã', sector: 'Trồng trọt',
    representative: 'Y Bhiông Niê', tax_code: '6001587342', business_license_no: '40.07.000123', phone: '0905316248',
    email: 'htx.caphe.eatu@gmail.com', address: 'Thôn 4, xã Ea Tu, TP. Buôn Ma Thuột, Đắk Lắk', ward: ['Ea Tu', 'Buôn Ma Thuột', 'Tân An'],
    lat: 12.7045, long: 108.0912,
    description: 'Hợp tác xã 126 hộ thành viên trồng cà phê Robusta trên đất đỏ bazan, thu hái quả chín, sơ chế ướt tại xưởng của hợp tác xã.',
    certifications: [
      { type: 'vietgap', number: 'VG-DL-2024-0153', issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)', valid_until: until(2027, 6) },
      { type: 'ocop', stars: 4, number: 'OCOP-DL-2023-041', issuer: 'UBND tỉnh Đắk Lắk', valid_until: until(2026, 12) },
    ],
    gs1: '6021',
    area: { code: 'VNL-DLK-001', name: 'Vùng cà phê Robusta Ea Tu', ha: 42.5, farming: 'VietGAP', lat: 12.7101, long: 108.0968, address: 'Buôn Ea Tu, xã Ea Tu, Đắk Lắk' },
    products: [
      { code: 'SP-CF-ROB-500', name: 'Cà phê Robusta rang xay Ea Tu 500 g', group: 'Cà phê', unit: 'gói', farming: 'VietGAP', price: 145000, shelf: 365, ocop: 4, status: 'approved', highlight: true,
        ingredients: '100% hạt cà phê Robusta chín cây', usage: 'Pha phin 20–25 g với 100 ml nước sôi 92–96 °C', storage: 'Nơi khô ráo, tránh ánh nắng; đóng kín túi sau khi mở',
        description: '<p>Cà phê <strong>Robusta</strong> trồng trên đất đỏ bazan Buôn Ma Thuột, thu hái quả chín trên 90 %, rang mộc không tẩm ướp.</p>', colour: '#6d4c41' },
      { code: 'SP-CF-NHAN-1KG', name: 'Cà phê nhân Robusta sàng 18 (1 kg)', group: 'Cà phê', unit: 'kg', farming: 'VietGAP', price: 128000, shelf: 540, status: 'approved',
        ingredients: 'Cà phê nhân Robusta sơ chế ướt', usage: 'Dùng để rang', storage: 'Bao đay, kê cao, độ ẩm dưới 12,5 %',
        description: '<p>Cà phê nhân sàng 18, độ ẩm dưới 12,5 %, tỉ lệ hạt lỗi dưới 3 %.</p>', colour: '#8d6e63' },
    ],
  },
  {
    code: 'CSSX-STG-002', name: 'Công ty TNHH Lúa gạo Mỹ Xuyên', form: 'Doanh nghiệp', sector: 'Trồng trọt',
    representative: 'Trần Văn Lộc', tax_code: '2200781546', business_license_no: '2200781546', phone: '0939612457',
    email: 'kinhdoanh@luagaomyxuyen.vn', website: 'https://luagaomyxuyen.vn', address: 'Ấp Hòa Phuông, xã Hòa Tú 1, huyện Mỹ Xuyên, Sóc Trăng', ward: ['Hòa Tú', 'Mỹ Xuyên'],
    lat: 9.4812, long: 105.9875,
    description: 'Doanh nghiệp liên kết 300 ha lúa ST25 theo mô hình lúa – tôm, xay xát và đóng gói tại nhà máy.',
    certifications: [
      { type: 'organic', number: 'HC-ST-2024-008', issuer: 'Control Union Việt Nam', valid_until: until(2026, 9) },
      { type: 'ocop', stars: 5, number: 'OCOP-QG-2023-017', issuer: 'Bộ Nông nghiệp và Môi trường', valid_until: until(2026, 10) },
    ],
    gs1: '6157',
    area: { code: 'VNL-STG-001', name: 'Cánh đồng lúa – tôm ST25 Hòa Tú', ha: 61.3, enteredHa: 80, farming: 'Hữu cơ', lat: 9.4733, long: 105.9921, address: 'Ấp Hòa Phuông, xã Hòa Tú 1, Sóc Trăng' },
    products: [
      { code: 'SP-GAO-ST25-5KG', name: 'Gạo ST25 lúa – tôm Sóc Trăng túi 5 kg', group: 'Lúa gạo', unit: 'túi', farming: 'Hữu cơ', price: 215000, shelf: 365, ocop: 5, status: 'approved', highlight: true,
        ingredients: '100% gạo ST25', usage: 'Vo nhẹ, nấu tỉ lệ 1 gạo : 1,1 nước', storage: 'Nơi khô ráo, thoáng mát, tránh côn trùng',
        description: '<p>Gạo <strong>ST25</strong> trồng luân canh lúa – tôm, không dùng thuốc bảo vệ thực vật hóa học. Hạt dài, cơm dẻo, thơm lá dứa.</p>', colour: '#f5f0e1' },
      { code: 'SP-GAO-ST25-2KG', name: 'Gạo ST25 hút chân không 2 kg', group: 'Lúa gạo', unit: 'túi', farming: 'Hữu cơ', price: 92000, shelf: 365, status: 'pending',
        ingredients: '100% gạo ST25', usage: 'Nấu cơm, nấu cháo', storage: 'Nơi khô ráo',
        description: '<p>Đóng gói hút chân không giữ hương thơm.</p>', colour: '#efe6cf' },
    ],
  },
  {
    code: 'CSSX-GLI-003', name: 'Hợp tác xã Hồ tiêu Chư Sê', form: 'Hợp tác xã', sector: 'Trồng trọt',
    representative: 'Rơ Mah Hyang', tax_code: '5901126483', business_license_no: '39.12.000087', phone: '0982457316',
    email: 'hotieuchuse@gmail.com', address: 'Làng Ia Blang, xã Ia Blang, huyện Chư Sê, Gia Lai', ward: ['Chư Sê', 'Ia Blang'],
    lat: 13.6989, long: 108.0874,
    description: 'Hồ tiêu Chư Sê – chỉ dẫn địa lý được bảo hộ; hợp tác xã thu mua, phơi sấy và phân loại tiêu cho 85 hộ.',
    certifications: [{ type: 'globalgap', number: 'GGN 4063061958142', issuer: 'Bureau Veritas', valid_until: until(2026, 4) }],
    gs1: '6233',
    area: { code: 'VNL-GLI-001', name: 'Vùng hồ tiêu Ia Blang', ha: 27.8, farming: 'GlobalG.A.P.', lat: 13.7052, long: 108.0811, address: 'Làng Ia Blang, xã Ia Blang, Gia Lai' },
    products: [
      { code: 'SP-TIEU-DEN-200', name: 'Hồ tiêu đen Chư Sê hũ 200 g', group: 'Gia vị', unit: 'hộp', farming: 'GlobalG.A.P.', price: 68000, shelf: 730, ocop: 4, status: 'approved',
        ingredients: '100% hạt tiêu đen', usage: 'Xay hoặc đập dập khi dùng', storage: 'Đậy kín nắp, nơi khô mát',
        description: '<p>Hạt tiêu đen dung trọng trên 550 g/l, vị cay nồng đặc trưng Chư Sê.</p>', colour: '#37474f' },
      { code: 'SP-TIEU-DO-100', name: 'Tiêu đỏ chín cây Chư Sê 100 g', group: 'Gia vị', unit: 'hộp', farming: 'GlobalG.A.P.', price: 85000, shelf: 730, status: 'pending',
        ingredients: 'Tiêu đỏ chín cây', usage: 'Dùng cho món nướng, bít tết', storage: 'Nơi khô mát',
        description: '<p>Hái chọn từng chùm chín đỏ.</p>', colour: '#b71c1c' },
    ],
  },
  {
    code: 'CSSX-BTN-004', name: 'Hợp tác xã Thanh long Hàm Minh', form: 'Hợp tác xã', sector: 'Trồng trọt',
    representative: 'Nguyễn Thị Thu Hà', tax_code: '3401195728', business_license_no: '48.05.000211', phone: '0913648275',
    email: 'thanhlonghamminh@gmail.com', address: 'Thôn Minh Hòa, xã Hàm Minh, huyện Hàm Thuận Nam, Bình Thuận', ward: ['Hàm Minh', 'Hàm Thuận'],
    lat: 10.8721, long: 107.9654,
    description: 'Thanh long ruột trắng và ruột đỏ trồng theo VietGAP, đóng gói xuất khẩu.',
    certifications: [{ type: 'vietgap', number: 'VG-BT-2023-0462', issuer: 'Trung tâm Kiểm định và Chứng nhận Hợp chuẩn (FAQ)', valid_until: until(2026, 3) }],
    gs1: '6348',
    area: { code: 'VNL-BTN-001', name: 'Vùng thanh long Hàm Minh', ha: 35.2, farming: 'VietGAP', lat: 10.8779, long: 107.9702, address: 'Thôn Minh Hòa, xã Hàm Minh' },
    products: [
      { code: 'SP-TL-RUOT-DO', name: 'Thanh long ruột đỏ Bình Thuận (thùng 10 kg)', group: 'Trái cây', unit: 'thùng', farming: 'VietGAP', price: 320000, shelf: 25, status: 'approved', highlight: true,
        ingredients: 'Quả thanh long ruột đỏ tươi', usage: 'Ăn tươi, làm sinh tố', storage: 'Bảo quản lạnh 5–8 °C',
        description: '<p>Quả 350–500 g, vỏ đỏ tươi, tai xanh, độ ngọt trên 17 °Brix.</p>', colour: '#c2185b' },
    ],
  },
  {
    code: 'CSSX-AGG-005', name: 'Công ty Cổ phần Thủy sản Châu Phú', form: 'Doanh nghiệp', sector: 'Thủy sản',
    representative: 'Lê Hoàng Nam', tax_code: '1601234875', business_license_no: '1601234875', phone: '0918274653',
    email: 'sales@thuysanchauphu.vn', website: 'https://thuysanchauphu.vn', address: 'Ấp Vĩnh Thạnh, xã Vĩnh Thạnh Trung, huyện Châu Phú, An Giang', ward: ['Vĩnh Thạnh Trung', 'Châu Phú'],
    lat: 10.5589, long: 105.2187,
    description: 'Nuôi và chế biến cá tra phi lê đông lạnh; vùng nuôi 48 ha ven sông Hậu đạt ASC và GlobalG.A.P.',
    certifications: [{ type: 'globalgap', number: 'GGN 4063061877215', issuer: 'Control Union', valid_until: until(2026, 8) }],
    gs1: '6412',
    area: { code: 'VNL-AGG-001', name: 'Vùng nuôi cá tra Vĩnh Thạnh Trung', ha: 48.1, farming: 'GlobalG.A.P.', lat: 10.5634, long: 105.2249, address: 'Cồn Vĩnh Thạnh, sông Hậu, An Giang' },
    products: [
      { code: 'SP-CATRA-PL-1KG', name: 'Cá tra phi lê đông lạnh 1 kg', group: 'Thủy sản', unit: 'kg', farming: 'GlobalG.A.P.', price: 89000, shelf: 540, status: 'approved',
        ingredients: 'Cá tra phi lê', usage: 'Rã đông trong ngăn mát trước khi chế biến', storage: 'Bảo quản ở −18 °C',
        description: '<p>Phi lê cá tra thịt trắng, cấp đông IQF, không dùng chất tăng trọng.</p>', colour: '#ffcc80' },
      { code: 'SP-CATRA-KHO', name: 'Khô cá tra phồng Châu Đốc 500 g', group: 'Thủy sản', unit: 'gói', farming: 'Truyền thống', price: 120000, shelf: 180, ocop: 3, status: 'rejected',
        ingredients: 'Cá tra, muối, đường', usage: 'Chiên hoặc nướng', storage: 'Ngăn mát tủ lạnh',
        description: '<p>Khô cá tra phơi một nắng.</p>', colour: '#ffb74d' },
    ],
  },
  {
    code: 'CSSX-LDG-006', name: 'Hợp tác xã Nông nghiệp Rau an toàn Đức Trọng', form: 'Hợp tác xã', sector: 'Trồng trọt',
    representative: 'K\'Brơi', tax_code: '5801462739', business_license_no: '42.08.000156', phone: '0963184572',
    email: 'rauantoanductrong@gmail.com', address: 'Thôn Phú Thạnh, xã Đức Trọng, Lâm Đồng', ward: ['Đức Trọng'],
    lat: 11.7352, long: 108.3738,
    description: 'Rau, củ và atiso trồng trong nhà màng theo VietGAP, cung cấp cho các bếp ăn và siêu thị ở TP. Hồ Chí Minh.',
    certifications: [
      { type: 'vietgap', number: 'VG-LD-2024-0781', issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)', valid_until: until(2026, 11) },
      { type: 'ocop', stars: 4, number: 'OCOP-LD-2024-063', issuer: 'UBND tỉnh Lâm Đồng', valid_until: until(2027, 2) },
    ],
    gs1: '6589',
    area: { code: 'VNL-LDG-001', name: 'Khu nhà màng rau Phú Thạnh', ha: 12.4, farming: 'VietGAP', lat: 11.7398, long: 108.3791, address: 'Thôn Phú Thạnh, xã Đức Trọng, Lâm Đồng' },
    products: [
      { code: 'SP-CACHUA-BEEF', name: 'Cà chua beef Đức Trọng (thùng 5 kg)', group: 'Rau củ', unit: 'thùng', farming: 'VietGAP', price: 135000, shelf: 14, status: 'approved',
        ingredients: 'Cà chua beef tươi', usage: 'Ăn sống, xào, nấu canh', storage: 'Nơi thoáng mát hoặc ngăn mát 8–12 °C',
        description: '<p>Cà chua trồng giá thể trong nhà màng, tưới nhỏ giọt, thu hái khi chín 80 %.</p>', colour: '#e53935' },
      { code: 'SP-TRA-ATISO-20', name: 'Trà atiso Đà Lạt hộp 20 túi lọc', group: 'Trà', unit: 'hộp', farming: 'VietGAP', price: 75000, shelf: 540, ocop: 4, status: 'approved', highlight: true,
        ingredients: 'Hoa, lá, thân, rễ atiso sấy khô', usage: 'Hãm 1 túi với 150 ml nước sôi trong 5 phút', storage: 'Nơi khô ráo, tránh ánh nắng',
        description: '<p>Trà <em>atiso</em> Đà Lạt sấy lạnh giữ màu xanh tự nhiên.</p>', colour: '#558b2f' },
    ],
  },
];

export const DISTRIBUTORS = [
  { code: 'NPP-HCM-001', name: 'Công ty CP Phân phối Nông sản Sạch Sài Gòn', representative: 'Phạm Minh Tuấn', tax_code: '0316527841', phone: '0903718264',
    email: 'muahang@nongsansachsg.vn', address: '125 Nguyễn Thị Minh Khai, phường Bến Thành, TP. Hồ Chí Minh', price: 180000, status: 'approved', products: ['SP-CF-ROB-500', 'SP-GAO-ST25-5KG', 'SP-TL-RUOT-DO'] },
  { code: 'NPP-HN-002', name: 'Chuỗi cửa hàng Nông sản Việt Hà Nội', representative: 'Đỗ Thu Trang', tax_code: '0108652417', phone: '0984526173',
    email: 'lienhe@nongsanviet.vn', address: '36 Hàng Bè, phường Hoàn Kiếm, Hà Nội', price: 150000, status: 'approved', products: ['SP-TIEU-DEN-200', 'SP-GAO-ST25-5KG'] },
  { code: 'NPP-CT-003', name: 'Công ty TNHH Xuất nhập khẩu Mê Kông Xanh', representative: 'Huỳnh Văn Phúc', tax_code: '1801642753', phone: '0939481652',
    email: 'export@mekongxanh.vn', address: 'Khu công nghiệp Trà Nóc, phường Trà Nóc, TP. Cần Thơ', price: 95000, status: 'pending', products: ['SP-CATRA-PL-1KG'] },
  { code: 'NPP-DN-004', name: 'Hộ kinh doanh Đặc sản Tây Nguyên Đà Nẵng', representative: 'Võ Thị Mai', tax_code: '0401738265-001', phone: '0935627184',
    email: 'dacsantaynguyen.dn@gmail.com', address: '72 Lê Duẩn, phường Hải Châu, TP. Đà Nẵng', price: 70000, status: 'pending', products: ['SP-CF-NHAN-1KG', 'SP-TIEU-DO-100'] },
  { code: 'NPP-LD-005', name: 'Cửa hàng Đặc sản Đà Lạt Xuân Hương', representative: 'Lê Thị Thanh Thủy', tax_code: '5800917364', phone: '0918452736',
    email: 'dacsandalat.xh@gmail.com', address: '12 Nguyễn Thị Minh Khai, phường Xuân Hương - Đà Lạt, Lâm Đồng', ward: ['Xuân Hương'], price: 60000, status: 'approved',
    products: ['SP-TRA-ATISO-20', 'SP-CF-ROB-500', 'SP-TL-RUOT-DO'] },
];

export const LABORS = [
  { code: 'LD-DLK-001', full_name: 'H\'Hen Niê', gender: 'female', birthday: '1992-04-18', citizen_id: '066192004518', phone: '0977315264', position: 'Tổ trưởng tổ thu hái', producer: 'CSSX-DLK-001', username: 'hhennie', status: 'approved' },
  { code: 'LD-DLK-002', full_name: 'Y Thuyên Ayun', gender: 'male', birthday: '1987-11-02', citizen_id: '066087011102', phone: '0968142735', position: 'Kỹ thuật viên sơ chế', producer: 'CSSX-DLK-001', username: 'ythuyen', status: 'approved' },
  { code: 'LD-STG-001', full_name: 'Thạch Thị Sa Ra', gender: 'female', birthday: '1995-06-25', citizen_id: '094195006251', phone: '0947261538', position: 'Ghi chép nhật ký đồng ruộng', producer: 'CSSX-STG-002', username: 'thachsara', status: 'approved' },
  { code: 'LD-GLI-001', full_name: 'Kpă Thị Lan', gender: 'female', birthday: '1990-09-09', citizen_id: '064190009093', phone: '0962738145', position: 'Công nhân phơi sấy', producer: 'CSSX-GLI-003', username: 'kpalan', status: 'pending' },
  { code: 'LD-BTN-001', full_name: 'Nguyễn Văn Sáu', gender: 'male', birthday: '1979-01-20', citizen_id: '060079001207', phone: '0915826374', position: 'Tổ trưởng tổ chăm sóc', producer: 'CSSX-BTN-004', username: 'nguyenvansau', status: 'approved' },
  { code: 'LD-LDG-001', full_name: 'Ka Huyền', gender: 'female', birthday: '1996-02-14', citizen_id: '068196002147', phone: '0974618253', position: 'Chăm sóc nhà màng', producer: 'CSSX-LDG-006', username: 'kahuyen', status: 'approved' },
  { code: 'LD-AGG-001', full_name: 'Trần Thị Kim Ngân', gender: 'female', birthday: '1998-12-12', citizen_id: '089198012125', phone: '0888265173', position: 'Kiểm soát chất lượng ao nuôi', producer: 'CSSX-AGG-005', username: 'kimngan.ag', status: 'pending' },
];

export const APPS = [
  { full_name: 'Lê Văn Tám', phone: '0912483756', email: 'levantam.nongdan@gmail.com', birthday: '1975-08-19', gender: 'male', address: 'Xã Hòa Thắng, Đắk Lắk', ward: ['Hòa Thắng', 'Buôn Ma Thuột'], status: 'approved' },
  { full_name: 'Nguyễn Thị Hoa', phone: '0973526481', email: null, birthday: '1988-03-15', gender: 'female', address: 'Xã Hòa Tú 2, Sóc Trăng', ward: ['Hòa Tú', 'Mỹ Xuyên'], status: 'approved' },
  { full_name: 'Siu Đoan', phone: '0356182947', email: null, birthday: '1993-05-30', gender: 'male', address: 'Xã Ia Blang, Gia Lai', ward: ['Ia Blang', 'Chư Sê'], status: 'pending' },
  { full_name: 'Đặng Quốc Bảo', phone: '0386251749', email: 'quocbao.dalat@gmail.com', birthday: '1984-07-07', gender: 'male', address: 'Phường Lâm Viên - Đà Lạt, Lâm Đồng', ward: ['Lâm Viên'], status: 'approved' },
  { full_name: 'Phan Thị Ngọc Hân', phone: '0708352614', email: 'ngochan.thanhlong@gmail.com', birthday: '2000-10-01', gender: 'female', address: 'Xã Hàm Minh, Bình Thuận', ward: ['Hàm Minh'], status: 'pending' },
];
