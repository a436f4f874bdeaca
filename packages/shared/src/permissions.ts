/** The permission catalogue: every action × subject pair a role can hold (spec §6). */
export const ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'menu', 'export', 'approve'] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_LABELS: Record<Action, string> = {
  list: 'Xem danh sách',
  read: 'Xem chi tiết',
  create: 'Thêm mới',
  update: 'Cập nhật',
  delete: 'Xóa',
  menu: 'Hiện trên menu',
  export: 'Xuất Excel',
  approve: 'Phê duyệt',
};

export const AREAS = {
  accounts: 'Tài khoản và phân quyền',
  producers: 'Cơ sở sản xuất và sản phẩm',
  culture: 'Canh tác',
  origin: 'Truy xuất nguồn gốc',
  content: 'Nội dung website',
  agricultural: 'Dữ liệu nông nghiệp',
  catalog: 'Danh mục hệ thống',
  areas: 'Đơn vị hành chính',
  monitoring: 'Quan trắc môi trường',
  discharge: 'Quản lý xả thải',
  system: 'Hệ thống',
} as const;
export type Area = keyof typeof AREAS;

/** Subjects of spec §6, plus the few the spec's calls need and did not name (marked). */
export const SUBJECTS = {
  roles: { label: 'Vai trò', area: 'accounts' },
  permissions: { label: 'Phân quyền', area: 'accounts' },
  users: { label: 'Người dùng', area: 'accounts' },
  administrative: { label: 'Tài khoản hành chính', area: 'accounts' },
  manufactures: { label: 'Cơ sở sản xuất', area: 'producers' },
  products: { label: 'Sản phẩm', area: 'producers' },
  material_areas: { label: 'Vùng nguyên liệu', area: 'producers' },
  raw_material_areas: { label: 'Vùng trồng', area: 'culture' },
  distributors: { label: 'Nhà phân phối', area: 'producers' },
  labors: { label: 'Người lao động', area: 'producers' },
  apps: { label: 'Người dùng ứng dụng', area: 'producers' },
  processes: { label: 'Quy trình sản xuất', area: 'culture' },
  stages: { label: 'Công đoạn', area: 'culture' },
  manufacturing_batches: { label: 'Lô sản xuất', area: 'culture' },
  diaries: { label: 'Nhật ký sản xuất', area: 'culture' },
  traces: { label: 'Hồ sơ truy xuất', area: 'origin' },
  stamps: { label: 'Tem truy xuất', area: 'origin' },
  stamp_statistics: { label: 'Thống kê tem', area: 'origin' },
  scan_statistics: { label: 'Thống kê lượt quét', area: 'origin' },
  articles: { label: 'Bài viết', area: 'content' },
  article_types: { label: 'Loại bài viết', area: 'content' },
  categories: { label: 'Chuyên mục', area: 'content' },
  tags: { label: 'Thẻ', area: 'content' },
  videos: { label: 'Video', area: 'content' },
  libraries: { label: 'Thư viện', area: 'content' },
  config_image: { label: 'Hình ảnh và banner', area: 'content' },
  menus: { label: 'Menu website', area: 'content' },
  config_footer: { label: 'Chân trang', area: 'content' },
  contact: { label: 'Liên hệ', area: 'content' },
  websites: { label: 'Website liên kết', area: 'content' },
  notifications: { label: 'Thông báo', area: 'content' },
  shipping_methods: { label: 'Phương thức vận chuyển', area: 'content' },
  'seasonal-calendar': { label: 'Lịch thời vụ', area: 'content' },
  product_plants: { label: 'Cây trồng', area: 'agricultural' },
  product_animals: { label: 'Vật nuôi', area: 'agricultural' },
  criteria_seafoods: { label: 'Tiêu chí thủy sản', area: 'agricultural' },
  product_groups: { label: 'Nhóm sản phẩm', area: 'catalog' },
  product_units: { label: 'Đơn vị tính', area: 'catalog' },
  farming_forms: { label: 'Hình thức canh tác', area: 'catalog' },
  manufacturing_forms: { label: 'Hình thức sản xuất', area: 'catalog' },
  manufacturing_sectors: { label: 'Ngành sản xuất', area: 'catalog' },
  administrative_areas: { label: 'Đơn vị hành chính', area: 'areas' },
  monitorings: { label: 'Quan trắc', area: 'monitoring' },
  discharge_construct: { label: 'Công trình xả thải', area: 'discharge' },
  discharge_traffic: { label: 'Lưu lượng xả thải', area: 'discharge' },
  discharge_inventory: { label: 'Kiểm kê xả thải', area: 'discharge' },
  system_logs: { label: 'Nhật ký hệ thống', area: 'system' },
  // rows whose tax code, CCCD or phone fails the identifier rules (GET /api/admin/identifier-report)
  identifier_report: { label: 'Báo cáo mã định danh cần sửa', area: 'system' },
} as const satisfies Record<string, { label: string; area: Area }>;
export type Subject = keyof typeof SUBJECTS;

export interface Permission {
  action: Action;
  subject: Subject;
}

export const ALL_PERMISSIONS: Permission[] = (Object.keys(SUBJECTS) as Subject[]).flatMap((subject) => ACTIONS.map((action) => ({ action, subject })));

export const FULL_ROLE_NAME = 'Quản trị hệ thống';

/** The ability check both sides use: a missing or empty requirement always passes. */
export function can(permissions: readonly { action: string; subject: string }[] | undefined, action?: string | null, subject?: string | null): boolean {
  if (!action || !subject) return true;
  return !!permissions?.some((p) => p.action === action && p.subject === subject);
}

export interface PermissionCatalogue {
  actions: { key: Action; label: string }[];
  areas: { key: Area; label: string; subjects: { key: Subject; label: string }[] }[];
}

/**
 * The catalogue as the permission matrix shows it: actions as columns, subjects grouped by area with
 * their Vietnamese names. Static: the screens build it here, so editing a role needs no extra permission.
 */
export function permissionCatalogue(): PermissionCatalogue {
  const subjects = Object.keys(SUBJECTS) as Subject[];
  return {
    actions: ACTIONS.map((key) => ({ key, label: ACTION_LABELS[key] })),
    areas: (Object.keys(AREAS) as Area[])
      .map((key) => ({
        key,
        label: AREAS[key],
        subjects: subjects.filter((s) => SUBJECTS[s].area === key).map((s) => ({ key: s, label: SUBJECTS[s].label })),
      }))
      .filter((a) => a.subjects.length),
  };
}
