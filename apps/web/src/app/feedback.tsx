import type { ReactNode } from 'react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Envelope } from '../core/api';

/** Spec §9: notices last 5000 ms, at most 5 at once; spec §2: a click closes one. */
export const NOTICE_MS = 5000;
export const NOTICE_MAX = 5;
export const OK_TEXT = 'Đồng ý!';
export const CANCEL_TEXT = 'Không đồng ý!';
export const LOADING_TEXT = 'Đang tải...';

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/** What the antd host (feedback-host.tsx, loaded on first use) implements. */
export interface FeedbackImpl {
  notice(group: 'main' | 'socket', kind: NoticeKind, message: ReactNode, description?: ReactNode): void;
  result(ok: boolean, title: ReactNode, onOk?: () => void): void;
  confirm(o: { title: ReactNode; content?: ReactNode; danger?: boolean }, done: (ok: boolean) => void): void;
}

let impl: FeedbackImpl | null = null;
const queue: ((i: FeedbackImpl) => void)[] = [];
let wanted = false;
const hostListeners = new Set<() => void>();

function run(fn: (i: FeedbackImpl) => void) {
  if (impl) return fn(impl);
  queue.push(fn);
  if (!wanted) {
    wanted = true;
    for (const l of hostListeners) l();
  }
}

/** Called by the host once mounted: flushes what was asked before it arrived. */
export function attachFeedback(i: FeedbackImpl | null) {
  impl = i;
  if (i) while (queue.length) queue.shift()?.(i);
}

export const notify = {
  success: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'success', message, description)),
  error: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'error', message, description)),
  info: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'info', message, description)),
  warning: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'warning', message, description)),
  /** the live 'socket' group, top right */
  socket: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('socket', 'info', message, description)),
};

/** The shared result popup (spec §8): code 200 is success, anything else an error; the title is the server message. */
export function resultPopup(env: Envelope | null | undefined, onSuccess?: () => void) {
  const ok = env?.code === 200;
  const title = env?.message || (ok ? 'Thành công' : 'Đã có lỗi xảy ra');
  run((i) => i.result(ok, title, ok ? onSuccess : undefined));
}

/** 'Đồng ý!' resolves true, 'Không đồng ý!' (or closing) false. */
export function confirmDialog(o: { title: ReactNode; content?: ReactNode; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => run((i) => i.confirm(o, resolve)));
}

// the 'Đang tải...' overlay: a counter, so overlapping calls keep it up until the last one ends
let loadingCount = 0;
const loadingListeners = new Set<() => void>();
const setLoadingCount = (n: number) => {
  loadingCount = Math.max(0, n);
  for (const l of loadingListeners) l();
};
export const showLoading = () => setLoadingCount(loadingCount + 1);
export const hideLoading = () => setLoadingCount(loadingCount - 1);
const subscribeLoading = (l: () => void) => {
  loadingListeners.add(l);
  return () => loadingListeners.delete(l);
};
const getLoading = () => loadingCount > 0;

export async function withLoading<T>(p: Promise<T> | (() => Promise<T>)): Promise<T> {
  showLoading();
  try {
    return await (typeof p === 'function' ? p() : p);
  } finally {
    hideLoading();
  }
}

export function useLoading() {
  const loading = useSyncExternalStore(subscribeLoading, getLoading, getLoading);
  return { loading, withLoading, showLoading, hideLoading };
}

/** Plain markup (no antd) so the first page does not wait for the component library to show it. */
export function LoadingOverlay({ force }: { force?: boolean }) {
  const { loading } = useLoading();
  if (!force && !loading) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{LOADING_TEXT}</span>
    </div>
  );
}

const Host = lazy(() => import('./feedback-host'));
const subscribeHost = (l: () => void) => {
  hostListeners.add(l);
  return () => hostListeners.delete(l);
};

/** Mount once inside antd's ConfigProvider; the notice/popup code is fetched on first use. */
export function FeedbackHost() {
  const need = useSyncExternalStore(
    subscribeHost,
    () => wanted,
    () => wanted,
  );
  return (
    <>
      {need && (
        <Suspense fallback={null}>
          <Host />
        </Suspense>
      )}
      <LoadingOverlay />
    </>
  );
}

/** Start fetching the host early (e.g. once the admin shell is up) so the first notice shows at once. */
export function preloadFeedback() {
  if (!wanted) {
    wanted = true;
    for (const l of hostListeners) l();
  }
}
