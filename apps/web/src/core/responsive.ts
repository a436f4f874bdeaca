import { useSyncExternalStore } from 'react';

/** The width at and under which the screens take their phone form (drawer menu, one-column details). */
export const PHONE_MAX_WIDTH = 768;
const QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(l: () => void) {
  const m = media();
  m?.addEventListener('change', l);
  return () => m?.removeEventListener('change', l);
}
const isPhone = () => media()?.matches ?? false;

/** True on a screen ≤ 768 px wide; follows the window as it is resized or turned. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
