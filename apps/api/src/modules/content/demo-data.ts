/** Demo content of the ward's agriculture portal (issue 17 §8): real-looking, fixed, small. */

export const DEMO_CATEGORIES = [
  { key: 'ky-thuat', name: 'Kỹ thuật canh tác', parent: null, sort_order: 1, description: 'Hướng dẫn kỹ thuật trồng trọt, chăm sóc và bảo vệ cây trồng' },
  { key: 'ca-phe', name: 'Cây cà phê', parent: 'ky-thuat', sort_order: 1, description: 'Kỹ thuật canh tác cà phê vối và cà phê chè' },
  { key: 'lua', name: 'Cây lúa', parent: 'ky-thuat', sort_order: 2, description: 'Giống, thời vụ và chăm sóc lúa' },
  { key: 'gia-ca', name: 'Giá cả thị trường', parent: null, sort_order: 2, description: 'Bản tin giá nông sản hằng tuần' },
  { key: 'thoi-tiet', name: 'Thời tiết – cảnh báo', parent: null, sort_order: 3, description: 'Dự báo và cảnh báo thời tiết phục vụ sản xuất' },
  { key: 'tin-tuc', name: 'Tin tức – sự kiện', parent: null, sort_order: 4, description: 'Hoạt động nông nghiệp của phường' },
] as const;

export const DEMO_TYPES = [
  { key: 'tin', name: 'Tin tức', sort_order: 1 },
  { key: 'huong-dan', name: 'Hướng dẫn kỹ thuật', sort_order: 2 },
  { key: 'gia', name: 'Bản tin giá', sort_order: 3 },
  { key: 'canh-bao', name: 'Cảnh báo', sort_order: 4 },
] as const;

/** colour of the generated picture, its title and its alt text ('' = still to be written) */
export const DEMO_IMAGES = [
  { colour: '#5b8c3a', title: 'Vườn cà phê ra hoa', alt: 'Vườn cà phê vối đang ra hoa trắng ở Lâm Đồng' },
  { colour: '#c9a227', title: 'Cánh đồng lúa chín', alt: 'Cánh đồng lúa chín vàng chuẩn bị thu hoạch' },
  { colour: '#3a6ea5', title: 'Mây mưa trên đồi', alt: 'Mây đen kéo đến trên đồi chè trước cơn mưa lớn' },
  { colour: '#8b5a2b', title: 'Hạt cà phê nhân', alt: 'Hạt cà phê nhân đã phơi khô trong bao' },
  { colour: '#2f7d6d', title: 'Nhà kính trồng rau', alt: 'Nhà kính trồng rau thủy canh của hợp tác xã' },
  { colour: '#b0413e', title: 'Hội chợ nông sản', alt: '' },
] as const;

type Cat = (typeof DEMO_CATEGORIES)[number]['key'];
type Typ = (typeof DEMO_TYPES)[number]['key'];

export interface DemoArticle {
  title: string;
  summary: string;
  content: string;
  category: Cat;
  type: Typ;
  tags: string[];
  image: number;
  /** 'published' at the date, 'pending', 'draft', or 'taken_down' with its reason */
  state: 'published' | 'pending' | 'draft' | 'taken_down';
  date: string;
  hot?: boolean;
  highlight?: boolean;
  reason?: string;
}

const p = (...xs: string[]) => xs.map((x) => `<p>${x}</p>`).join('');
const ul = (...xs: string[]) => `<ul>${xs.map((x) => `<li><p>${x}</p></li>`).join('')}</ul>`;
const table = (head: string[], rows: string[][]) =>
  `<table><tbody><tr>${head.map((h) => `<th><p>${h}</p></th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td><p>${c}</p></td>`).join('')}</tr>`).join('')}</tbody></table>`;

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Cảnh báo mưa lớn, lốc sét ở Lâm Đồng từ ngày 24 đến 26/11',
    summary:
      'Đài Khí tượng Thủy văn tỉnh cảnh báo mưa to 50–100 mm, nguy cơ sạt lở và ngập úng cục bộ; bà con chủ động thu hoạch cà phê chín và gia cố nhà lưới.',
    content:
      p(
        'Do ảnh hưởng của không khí lạnh kết hợp với nhiễu động gió đông trên cao, từ chiều 24/11 đến hết ngày 26/11 khu vực các phường của Đà Lạt có mưa vừa, mưa to, có nơi mưa rất to với tổng lượng mưa phổ biến 50–100 mm.',
      ) +
      '<h2>Khuyến cáo cho sản xuất</h2>' +
      ul(
        'Thu hái ngay cà phê đã chín trên 80 %, không phơi trên sân đất trong những ngày mưa.',
        'Khơi thông rãnh thoát nước trong vườn rau, hoa; gia cố nhà lưới, nhà kính.',
        'Không đi qua ngầm, tràn khi nước chảy xiết; theo dõi tin cảnh báo trên website phường.',
      ),
    category: 'thoi-tiet',
    type: 'canh-bao',
    tags: ['Mưa lớn', 'Cảnh báo thiên tai'],
    image: 2,
    state: 'published',
    date: '2026-11-24T01:30:00Z',
    hot: true,
    highlight: true,
  },
  {
    title: 'Giá cà phê nhân xô tuần 47/2026: tăng 1.200 đồng/kg',
    summary: 'Giá cà phê vối nhân xô tại Lâm Đồng dao động 118.500–119.300 đồng/kg, tăng nhẹ so với tuần trước theo đà tăng của sàn London.',
    content:
      p('Kết thúc tuần 47, giá cà phê nhân xô tại các đại lý thu mua trên địa bàn tăng trung bình 1.200 đồng/kg so với tuần trước.') +
      table(
        ['Địa phương', 'Giá (đồng/kg)', 'Thay đổi'],
        [
          ['Di Linh', '118.500', '+1.100'],
          ['Bảo Lộc', '118.800', '+1.200'],
          ['Lâm Hà', '119.300', '+1.300'],
        ],
      ) +
      p('Các hợp tác xã khuyến cáo bà con không bán tháo khi giá biến động, ưu tiên bán qua hợp đồng với doanh nghiệp có truy xuất nguồn gốc.'),
    category: 'gia-ca',
    type: 'gia',
    tags: ['Cà phê', 'Giá nông sản'],
    image: 3,
    state: 'published',
    date: '2026-11-22T02:00:00Z',
    highlight: true,
  },
  {
    title: 'Kỹ thuật bón phân cho cà phê vối giai đoạn sau thu hoạch',
    summary: 'Bón phân hữu cơ hoai mục kết hợp lân nung chảy giúp cây phục hồi, phân hóa mầm hoa tốt cho vụ sau.',
    content:
      p('Sau thu hoạch, cây cà phê cần được bổ sung dinh dưỡng để phục hồi bộ lá và chuẩn bị phân hóa mầm hoa.') +
      '<h2>Lượng phân cho 1 ha</h2>' +
      ul('Phân hữu cơ hoai mục: 10–15 tấn, bón 2–3 năm một lần.', 'Lân nung chảy: 500–550 kg.', 'Vôi bột: 500 kg khi đất có pH dưới 4,5.') +
      '<h3>Cách bón</h3>' +
      p('Đào rãnh theo mép tán sâu 20–25 cm, rải phân đều rồi lấp đất. Bón khi đất còn ẩm, tránh bón lúc mưa to.'),
    category: 'ca-phe',
    type: 'huong-dan',
    tags: ['Cà phê', 'Bón phân'],
    image: 0,
    state: 'published',
    date: '2026-11-20T03:00:00Z',
  },
  {
    title: 'Lịch xuống giống lúa vụ Đông Xuân 2026–2027',
    summary: 'Khung lịch gieo sạ tập trung né rầy từ 05/12 đến 20/12/2026; ưu tiên giống ngắn ngày chịu lạnh.',
    content:
      p('Căn cứ dự báo khí tượng và diễn biến rầy nâu, Phòng Kinh tế khuyến cáo lịch xuống giống vụ Đông Xuân như sau.') +
      table(
        ['Trà lúa', 'Thời gian gieo sạ', 'Giống khuyến cáo'],
        [
          ['Sớm', '05/12 – 10/12', 'OM5451, Đài Thơm 8'],
          ['Chính vụ', '10/12 – 20/12', 'ST25, OM18'],
        ],
      ) +
      p('Bà con gieo sạ đồng loạt theo cánh đồng, không gieo sạ lai rai kéo dài.'),
    category: 'lua',
    type: 'huong-dan',
    tags: ['Lúa', 'Lịch thời vụ', 'Đông Xuân'],
    image: 1,
    state: 'published',
    date: '2026-11-18T01:00:00Z',
  },
  {
    title: 'Giá rau Đà Lạt giảm mạnh do nguồn cung tăng',
    summary: 'Cải thảo, bắp cải giảm 30–40 % so với đầu tháng; nhà vườn giãn lịch thu hoạch.',
    content:
      p('Nguồn cung rau tăng khi thời tiết thuận lợi khiến giá nhiều loại rau tại chợ đầu mối giảm mạnh.') +
      ul('Bắp cải: 4.000–5.000 đồng/kg.', 'Cải thảo: 3.500–4.500 đồng/kg.', 'Cà rốt: 9.000 đồng/kg.'),
    category: 'gia-ca',
    type: 'gia',
    tags: ['Rau', 'Giá nông sản'],
    image: 4,
    state: 'published',
    date: '2026-11-15T02:30:00Z',
  },
  {
    title: 'Phòng trừ bệnh rỉ sắt trên cà phê mùa mưa',
    summary: 'Nhận biết sớm vết bệnh màu vàng cam mặt dưới lá và phun thuốc gốc đồng đúng liều.',
    content:
      p('Bệnh rỉ sắt do nấm Hemileia vastatrix gây hại mạnh khi ẩm độ cao.') +
      '<h2>Biện pháp</h2>' +
      ul('Tỉa cành thông thoáng, vệ sinh vườn.', 'Phun thuốc gốc đồng khi tỷ lệ lá bệnh trên 10 %.', 'Dùng giống kháng bệnh TR4, TR9 khi trồng tái canh.'),
    category: 'ca-phe',
    type: 'huong-dan',
    tags: ['Cà phê', 'Sâu bệnh'],
    image: 0,
    state: 'published',
    date: '2026-11-12T01:00:00Z',
  },
  {
    title: 'Hội chợ nông sản an toàn phường Xuân Hương tháng 12',
    summary: 'Hơn 40 gian hàng của hợp tác xã và hộ sản xuất có tem truy xuất nguồn gốc.',
    content: p('Hội chợ diễn ra từ 12 đến 14/12/2026 tại quảng trường Lâm Viên, giới thiệu rau, hoa, cà phê và đặc sản địa phương.'),
    category: 'tin-tuc',
    type: 'tin',
    tags: ['Hội chợ', 'Truy xuất nguồn gốc'],
    image: 4,
    state: 'published',
    date: '2026-11-10T04:00:00Z',
    hot: true,
  },
  {
    title: 'Tập huấn ghi nhật ký sản xuất điện tử cho hộ trồng rau',
    summary: 'Hơn 60 hộ dân được hướng dẫn ghi nhật ký canh tác trên điện thoại để cấp tem truy xuất.',
    content: p('Trung tâm Dịch vụ nông nghiệp phối hợp với phường tổ chức hai lớp tập huấn về ghi nhật ký sản xuất điện tử.'),
    category: 'tin-tuc',
    type: 'tin',
    tags: ['Nhật ký sản xuất', 'Chuyển đổi số'],
    image: 4,
    state: 'published',
    date: '2026-11-06T02:00:00Z',
  },
  {
    title: 'Giá lúa gạo tuần đầu tháng 11 ổn định',
    summary: 'Lúa tươi IR50404 giữ mức 6.800–7.000 đồng/kg; gạo thơm xuất khẩu tăng nhẹ.',
    content: p('Thị trường lúa gạo tuần đầu tháng 11 ít biến động, giao dịch chậm do cuối vụ.'),
    category: 'gia-ca',
    type: 'gia',
    tags: ['Lúa', 'Giá nông sản'],
    image: 1,
    state: 'taken_down',
    date: '2026-11-03T02:00:00Z',
    reason: 'Số liệu giá gạo xuất khẩu chưa được Sở Công Thương xác nhận',
  },
  {
    title: 'Hướng dẫn tưới nhỏ giọt kết hợp bón phân cho rau trong nhà kính',
    summary: 'Hệ thống fertigation giúp tiết kiệm 30 % nước và 20 % phân bón.',
    content: p('Bài viết hướng dẫn lắp đặt và vận hành hệ thống tưới nhỏ giọt kết hợp bón phân cho rau ăn lá.'),
    category: 'ky-thuat',
    type: 'huong-dan',
    tags: ['Tưới tiết kiệm', 'Rau'],
    image: 4,
    state: 'pending',
    date: '2026-11-23T02:00:00Z',
  },
  {
    title: 'Dự báo sâu bệnh trên lúa vụ Đông Xuân',
    summary: 'Rầy nâu, đạo ôn lá có nguy cơ phát sinh mạnh khi thời tiết lạnh ẩm.',
    content: p('Chi cục Trồng trọt và Bảo vệ thực vật dự báo tình hình sâu bệnh trong vụ Đông Xuân sắp tới.'),
    category: 'lua',
    type: 'canh-bao',
    tags: ['Lúa', 'Sâu bệnh'],
    image: 1,
    state: 'draft',
    date: '2026-11-23T03:00:00Z',
  },
  {
    title: 'Album: Hội chợ nông sản năm 2025 nhìn lại',
    summary: 'Những hình ảnh nổi bật của hội chợ năm trước.',
    content: p('Một số hình ảnh của hội chợ nông sản năm 2025.') + '<img src="{image:5}">',
    category: 'tin-tuc',
    type: 'tin',
    tags: ['Hội chợ'],
    image: 5,
    state: 'draft',
    date: '2026-11-23T04:00:00Z',
  },
];

export const DEMO_VIDEOS = [
  { title: 'Kỹ thuật ghép cải tạo vườn cà phê già cỗi', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', source: 'youtube' },
  { title: 'Quy trình sản xuất rau an toàn theo VietGAP', url: 'https://vimeo.com/76979871', source: 'vimeo' },
] as const;
