import { formatNumber } from '@nns/shared';
import type { GeoPolygon } from '@nns/shared/geo';
import { type AcreageCheck, acreageCheck } from '@nns/shared/producers';
import { Alert, Space, Tag, Typography } from 'antd';
import { CAPTIONS } from './tiles';

export interface AcreageSummaryProps {
  /** the drawn boundary (null while fewer than three corners) */
  polygon: GeoPolygon | null;
  /** the acreage entered on the form, in hectares */
  acreage?: number | null;
  /** the server's comparison of a saved record; computed with the same rule when absent */
  check?: AcreageCheck | null;
  /** the warning sentence as an alert (forms); lists the figures only otherwise */
  showWarning?: boolean;
}

/**
 * The area of the drawn boundary beside the entered acreage, with the difference and the warning
 * sentence of the one rule in @nns/shared/producers (`acreageCheck`), so the map says what the server says.
 */
export function AcreageSummary({ polygon, acreage, check, showWarning = true }: AcreageSummaryProps) {
  const c = check ?? acreageCheck(acreage ?? null, polygon);
  if (c.boundary_acreage == null) return null;
  const pct = c.acreage_difference_percent;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space wrap size={[16, 4]}>
        <Typography.Text data-testid="map-area">
          {CAPTIONS.area}: <b>{formatNumber(c.boundary_acreage, 4)} ha</b>
        </Typography.Text>
        {acreage != null && (
          <Typography.Text>
            {CAPTIONS.entered}: {formatNumber(acreage, 4)} ha
          </Typography.Text>
        )}
        {pct != null && (
          <Tag color={c.acreage_warning ? 'orange' : 'green'} data-testid="acreage-difference">
            {CAPTIONS.mismatch} {pct > 0 ? '+' : ''}
            {formatNumber(pct, 1)}%
          </Tag>
        )}
      </Space>
      {showWarning && c.acreage_warning && <Alert type="warning" showIcon message={c.acreage_warning} data-testid="acreage-warning" />}
    </Space>
  );
}
