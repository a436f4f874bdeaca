import { defineFeature } from '../../app/feature';
import { dischargeRoutes } from './routes';

/** Discharge management (issue 16): works on a map, their flows against the limits, inventory, exports. */
export default defineFeature({
  name: 'discharge',
  routes: dischargeRoutes,
  // the limits module's own import (no declared `import`: it re-evaluates the works using a standard)
  listImports: {
    'discharge-limits': [
      {
        path: '/import',
        templatePath: '/import-template',
        title: 'Nhập Excel bảng giới hạn nước thải (QCVN)',
        buttonText: 'Nhập Excel giới hạn',
        hint: 'Mỗi dòng một thông số của một quy chuẩn và cột (ví dụ QCVN 40:2025/BTNMT, cột A). Trùng quy chuẩn, cột và thông số thì cập nhật; các công trình dùng quy chuẩn đó được đánh giá lại. Không ghi gì nếu tệp còn lỗi.',
        invalidate: ['discharge-limits', 'discharge-traffic', 'discharge-constructs'],
      },
    ],
  },
  menu: [
    {
      route: '/admin/discharge-construction/overview',
      label: 'Bản đồ công trình xả thải',
      area: 'discharge',
      subject: 'discharge_construct',
      config: { menuOrder: 5 },
    },
  ],
});
