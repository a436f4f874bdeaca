/** Tile server of the maps; set VITE_MAP_TILE_URL for a local or licensed one. */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '&copy; Những người đóng góp OpenStreetMap';

export function tileUrl(): string {
  const v = (import.meta.env?.VITE_MAP_TILE_URL as string | undefined)?.trim();
  return v || DEFAULT_TILE_URL;
}

/** Centre of Viet Nam and a zoom that shows the whole country. */
export const VIETNAM_CENTER: [number, number] = [16.0, 106.0];
export const VIETNAM_ZOOM = 5;

export const CAPTIONS = {
  zoomIn: 'Phóng to',
  zoomOut: 'Thu nhỏ',
  noTiles: 'Không tải được nền bản đồ; vẫn có thể chọn điểm và vẽ ranh giới.',
  pickPoint: 'Chọn vị trí',
  drawPolygon: 'Vẽ ranh giới',
  view: 'Xem',
  undo: 'Xóa đỉnh cuối',
  clearPolygon: 'Xóa ranh giới',
  clearPoint: 'Xóa vị trí',
  hintPoint: 'Bấm lên bản đồ để đặt vị trí.',
  hintPolygon: 'Bấm lên bản đồ để thêm đỉnh; kéo một đỉnh để sửa.',
  area: 'Diện tích theo ranh giới',
  entered: 'Diện tích đã nhập',
  mismatch: 'Chênh lệch',
  lat: 'Vĩ độ',
  long: 'Kinh độ',
} as const;
