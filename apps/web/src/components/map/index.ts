export { AcreageSummary, type AcreageSummaryProps } from './acreage-summary';
export { MapEditor, type MapEditorProps, type MapPoint } from './map-editor';
export { type MapMarker, PointsMap } from './points-map';
export { CAPTIONS as MAP_CAPTIONS, DEFAULT_TILE_URL, tileUrl, VIETNAM_CENTER } from './tiles';
