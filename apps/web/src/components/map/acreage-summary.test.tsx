import { toGeoPolygon } from '@nns/shared/geo';
import { acreageCheck } from '@nns/shared/producers';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AcreageSummary } from './acreage-summary';

// 10.9115 ha at Đà Lạt, as in packages/shared/src/producers.test.ts
const d = 0.003;
const plot = toGeoPolygon([
  [108.4, 11.94],
  [108.4 + d, 11.94],
  [108.4 + d, 11.94 + d],
  [108.4, 11.94 + d],
]);
afterEach(cleanup);

describe('AcreageSummary: the map says what the server says', () => {
  it('shows the drawn area and the server rule’s warning sentence once the boundary is drawn', () => {
    render(<AcreageSummary polygon={plot} acreage={14} />);
    expect(screen.getByTestId('map-area').textContent).toBe('Diện tích theo ranh giới: 10,9115 ha');
    expect(screen.getByTestId('acreage-difference').textContent).toBe('Chênh lệch +28,3%');
    const sentence = 'Diện tích nhập (14 ha) chênh 28,3% so với diện tích tính từ ranh giới (10,91 ha)';
    expect(acreageCheck(14, plot).acreage_warning).toBe(sentence);
    expect(screen.getByTestId('acreage-warning').textContent).toBe(sentence);
  });

  it('does not warn within 20 % of the drawn area (it used to warn from 10 % of the entered acreage)', () => {
    render(<AcreageSummary polygon={plot} acreage={9} />);
    expect(screen.getByTestId('acreage-difference').textContent).toBe('Chênh lệch -17,5%');
    expect(screen.queryByTestId('acreage-warning')).toBeNull();
  });

  it('shows a saved record’s comparison from the server as it is, and nothing before three corners', () => {
    const server = { boundary_acreage: 2, acreage_difference: 1, acreage_difference_percent: 50, acreage_warning: 'Cảnh báo từ máy chủ' };
    render(<AcreageSummary polygon={plot} acreage={3} check={server} />);
    expect(screen.getByTestId('map-area').textContent).toBe('Diện tích theo ranh giới: 2 ha');
    expect(screen.getByTestId('acreage-warning').textContent).toBe('Cảnh báo từ máy chủ');
    cleanup();
    const { container } = render(<AcreageSummary polygon={null} acreage={3} />);
    expect(container.textContent).toBe('');
  });
});
