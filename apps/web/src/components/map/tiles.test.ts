import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL, tileUrl } from './tiles';

describe('tileUrl', () => {
  afterEach(() => {
    for (const m of document.head.querySelectorAll('meta[name="nns:map-tile-url"]')) m.remove();
  });

  it('reads the server’s MAP_TILE_URL from the page, else the default', () => {
    expect(tileUrl()).toBe(DEFAULT_TILE_URL);
    const meta = document.createElement('meta');
    meta.name = 'nns:map-tile-url';
    meta.content = 'https://tiles.example.vn/{z}/{x}/{y}.png';
    document.head.append(meta);
    expect(tileUrl()).toBe('https://tiles.example.vn/{z}/{x}/{y}.png');
  });
});
