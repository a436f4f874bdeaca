import { ConfigProvider } from 'antd';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
// the pickers' today/now are Vietnam's (UTC+7), whatever the browser's zone
import '../core/vn-time';
import { stillTheme, theme } from './theme';

dayjs.locale('vi');

/**
 * antd's locale and theme. Mounted by each lazily loaded screen tree (admin shell, auth screens,
 * notices) rather than at the root, so the sign-in page does not download the component library.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const still = useReducedMotion();
  return (
    <ConfigProvider locale={viVN} theme={still ? stillTheme : theme} wave={still ? NO_WAVE : undefined}>
      {children}
    </ConfigProvider>
  );
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const NO_WAVE = { disabled: true };

/**
 * The system's "reduce motion" setting (WCAG 2.3.3), followed live: antd's opening, closing and
 * sliding motions and the click wave are left out (the app's own CSS moves nothing: its few
 * transitions fade a colour or a shadow, and its spinner says work is going on). A global
 * `animation-duration: 0.01ms` rule was tried and left popovers placed off screen (rc-trigger aligns
 * on its motion's events).
 */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION).matches));
  useEffect(() => {
    const query = typeof window !== 'undefined' ? window.matchMedia?.(REDUCED_MOTION) : undefined;
    if (!query) return;
    const changed = () => setReduced(query.matches);
    changed();
    query.addEventListener?.('change', changed);
    return () => query.removeEventListener?.('change', changed);
  }, []);
  return reduced;
}

export function withAntd<P extends object>(C: ComponentType<P>) {
  return function WithAntd(props: P) {
    return (
      <AntdRoot>
        <C {...props} />
      </AntdRoot>
    );
  };
}
