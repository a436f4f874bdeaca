/**
 * Tile server of the maps: the server's MAP_TILE_URL, which it writes into the page as
 * <meta name="nns:map-tile-url">; VITE_MAP_TILE_URL at build time when the page is served otherwise
 * (the Vite dev server); OpenStreetMap by default.
 */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '&copy; Những người đóng góp OpenStreetMap';

export function tileUrl(): string {
  const served = typeof document === 'undefined' ? null : document.querySelector('meta[name="nns:map-tile-url"]')?.getAttribute('content')?.trim();
  const built = (import.meta.env?.VITE_MAP_TILE_URL as string | undefined)?.trim();
  return served || built || DEFAULT_TILE_URL;
}

/** Centre of Viet Nam and a zoom that shows the whole country. */
export const VIETNAM_CENTER: [number, number] = [16.0, 106.0];
export const VIETNAM_ZOOM = 5;

export const CAPTIONS = {
  zoomIn: 'Phóng to',
  zoomOut: 'Thu nhỏ',
  noTiles: 'Không tải được nền bản đồ; vẫn có thể chọn điểm và vẽ ranh giới.',
  noTilesView: 'Không tải được nền bản đồ; các điểm vẫn hiện theo tọa độ.',
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
