/**
 * GS1 Digital Link (GS1 Digital Link URI Syntax 1.2) for the paths this resolver answers:
 * `/01/{gtin}`, `/01/{gtin}/10/{lot}`, `/01/{gtin}/10/{lot}/21/{serial}` and `/01/{gtin}/21/{serial}`,
 * qualifiers in that order. GTIN-8/12/13 are left-padded to GTIN-14; the check digit must hold.
 */
import { gs1CheckDigit } from './validators';

export interface DigitalLink {
  /** GTIN-14 */
  gtin: string;
  lot?: string;
  serial?: string;
}

export type DigitalLinkResult = { ok: true; link: DigitalLink } | { ok: false; message: string };

/** GS1 AI 10 and 21 values: up to 20 characters of GS1's invariant set (URI percent-decoded). */
const AI82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** Whether a value can be a Digital Link lot (AI 10) or serial (AI 21): a batch code outside it links to the trace page instead. */
export function isAi82(v: string): boolean {
  return AI82.test(v);
}

export const DIGITAL_LINK_MESSAGES = {
  gtin: 'Mã GTIN không hợp lệ (8, 12, 13 hoặc 14 chữ số)',
  checkDigit: 'Số kiểm tra của mã GTIN không đúng',
  lot: 'Số lô (AI 10) không hợp lệ (tối đa 20 ký tự GS1)',
  serial: 'Số sê-ri (AI 21) không hợp lệ (tối đa 20 ký tự GS1)',
  shape: 'Đường dẫn GS1 Digital Link không hợp lệ',
} as const;

/** GTIN-8/12/13/14 to GTIN-14, or null when it is not one. */
export function toGtin14(v: string): string | null {
  return /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(v) ? v.padStart(14, '0') : null;
}

function decode(v: string): string | null {
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

/** Parses a Digital Link path (without host and query); the segments after the GTIN are optional. */
export function parseDigitalLink(path: string): DigitalLinkResult {
  const parts = path.replace(/^\/+|\/+$/g, '').split('/');
  if (parts[0] !== '01' || parts.length < 2 || parts.length % 2 !== 0 || parts.length > 6) return { ok: false, message: DIGITAL_LINK_MESSAGES.shape };
  const gtin = toGtin14(parts[1]);
  if (!gtin) return { ok: false, message: DIGITAL_LINK_MESSAGES.gtin };
  if (gs1CheckDigit(gtin.slice(0, 13)) !== Number(gtin[13])) return { ok: false, message: DIGITAL_LINK_MESSAGES.checkDigit };
  const link: DigitalLink = { gtin };
  let i = 2;
  if (parts[i] === '10') {
    const lot = decode(parts[i + 1]);
    if (lot === null || !AI82.test(lot)) return { ok: false, message: DIGITAL_LINK_MESSAGES.lot };
    link.lot = lot;
    i += 2;
  }
  if (parts[i] === '21') {
    const serial = decode(parts[i + 1]);
    if (serial === null || !AI82.test(serial)) return { ok: false, message: DIGITAL_LINK_MESSAGES.serial };
    link.serial = serial;
    i += 2;
  }
  if (i !== parts.length) return { ok: false, message: DIGITAL_LINK_MESSAGES.shape };
  return { ok: true, link };
}

/** The Digital Link URI of a link under a base URL (no trailing slash), values percent-encoded. */
export function digitalLinkUri(base: string, link: DigitalLink): string {
  let out = `${base}/01/${link.gtin.padStart(14, '0')}`;
  if (link.lot !== undefined) out += `/10/${encodeURIComponent(link.lot)}`;
  if (link.serial !== undefined) out += `/21/${encodeURIComponent(link.serial)}`;
  return out;
}
