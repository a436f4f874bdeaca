export { AcreageSummary, type AcreageSummaryProps } from './acreage-summary';
export { MapEditor, type MapEditorProps, type MapMarker, type MapPoint } from './map-editor';
export { type ColouredPoint, PointsMap } from './points-map';
export { CAPTIONS as MAP_CAPTIONS, DEFAULT_TILE_URL, tileUrl, VIETNAM_CENTER } from './tiles';
