// Be Vietnam Pro, self-hosted: only what Vietnamese text needs. The latin and vietnamese subsets
// (the browser fetches a subset only when the page has a character in its unicode-range), woff2
// only (every browser the office uses reads it), weights 400 and 600 (antd's normal and strong; a
// 500 falls back to 400). @fontsource's per-weight CSS also declared latin-ext and woff files: the
// first admin screen fetched latin-ext for 'Đ', which the vietnamese subset already holds.
import latin400 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-400-normal.woff2?url';
import latin600 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-600-normal.woff2?url';
import vietnamese400 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-vietnamese-400-normal.woff2?url';
import vietnamese600 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-vietnamese-600-normal.woff2?url';

export const FONT_FAMILY_NAME = 'Be Vietnam Pro';

/** unicode-range of each subset, as @fontsource declares them */
export const SUBSET_RANGES = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  vietnamese: 'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
} as const;

export const FONT_FILES: { subset: keyof typeof SUBSET_RANGES; weight: 400 | 600; url: string }[] = [
  { subset: 'vietnamese', weight: 400, url: vietnamese400 },
  { subset: 'latin', weight: 400, url: latin400 },
  { subset: 'vietnamese', weight: 600, url: vietnamese600 },
  { subset: 'latin', weight: 600, url: latin600 },
];

export function fontFaceCss(): string {
  return FONT_FILES.map(
    (f) =>
      `@font-face{font-family:'${FONT_FAMILY_NAME}';font-style:normal;font-display:swap;font-weight:${f.weight};src:url(${f.url}) format('woff2');unicode-range:${SUBSET_RANGES[f.subset]}}`,
  ).join('\n');
}

/** Adds the faces to the document once (from main.tsx, before the first render). */
export function installFonts(doc: Document = document) {
  if (doc.getElementById('font-faces')) return;
  const style = doc.createElement('style');
  style.id = 'font-faces';
  style.textContent = fontFaceCss();
  doc.head.appendChild(style);
}
