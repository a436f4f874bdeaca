import { describe, expect, it } from 'vitest';
import { FONT_FILES, fontFaceCss, installFonts } from './fonts';

describe('self-hosted font', () => {
  it('declares only the latin and vietnamese subsets, woff2 only, weights 400 and 600', () => {
    const css = fontFaceCss();
    expect(FONT_FILES.map((f) => `${f.subset}-${f.weight}`).sort()).toEqual(['latin-400', 'latin-600', 'vietnamese-400', 'vietnamese-600']);
    expect(css.match(/@font-face/g)).toHaveLength(4);
    expect(css).not.toMatch(/latin-ext|\.woff\)|format\('woff'\)|italic/);
    expect(css.match(/format\('woff2'\)/g)).toHaveLength(4);
    // every face is bounded, so a subset is fetched only for characters it holds ('ộ' → vietnamese)
    expect(css.match(/unicode-range:/g)).toHaveLength(4);
    expect(css).toContain('U+1EA0-1EF9');
  });

  it('installs the faces once', () => {
    installFonts();
    installFonts();
    expect(document.querySelectorAll('style#font-faces')).toHaveLength(1);
  });
});
