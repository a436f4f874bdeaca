import type { FieldError } from '@nns/shared';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import type { Envelope } from './client';

/**
 * The `{field, message}` list of a refused answer (400, 409, 422): a typed call's `data` is the
 * success answer's type, so an error's data is read here as what the API sends with errors.
 */
export function answerErrors(env: { data?: unknown } | null | undefined): FieldError[] {
  const list = (env?.data as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(list) ? list.filter((e): e is FieldError => !!e && typeof e === 'object' && typeof e.message === 'string') : [];
}

/** Spec §9: notices last 5000 ms, at most 5 at once; spec §2: a click closes one. */
export const NOTICE_MS = 5000;
export const NOTICE_MAX = 5;
export const OK_TEXT = 'Đồng ý!';
export const CANCEL_TEXT = 'Không đồng ý!';
export const LOADING_TEXT = 'Đang tải...';

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/** What the antd hosts implement: notices (feedback-host.tsx) and dialogs (dialog-host.tsx), each loaded on first use. */
export interface NoticeImpl {
  /** shows a notice; `lasting` keeps it up until the closer it answers (a function) is called, instead of NOTICE_MS */
  notice(group: 'main' | 'socket', kind: NoticeKind, message: ReactNode, description?: ReactNode, lasting?: boolean): unknown;
}
export interface DialogImpl {
  result(ok: boolean, title: ReactNode, onOk?: () => void): void;
  confirm(o: { title: ReactNode; content?: ReactNode; danger?: boolean }, done: (ok: boolean) => void): void;
}
export type FeedbackImpl = NoticeImpl & DialogImpl;

/**
 * One host part: calls made before its code has arrived wait in a queue. The dialogs (antd Modal,
 * with its dialog and skeleton code) are a part of their own, so the first admin screen, which shows
 * a notice but rarely a dialog, does not download them.
 */
function hostPart<I>() {
  let impl: I | null = null;
  const queue: ((i: I) => void)[] = [];
  let wanted = false;
  const listeners = new Set<() => void>();
  const want = () => {
    if (wanted) return;
    wanted = true;
    for (const l of listeners) l();
  };
  return {
    run(fn: (i: I) => void) {
      if (impl) return fn(impl);
      queue.push(fn);
      want();
    },
    attach(i: I | null) {
      impl = i;
      if (i) while (queue.length) queue.shift()?.(i);
    },
    want,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    wanted: () => wanted,
  };
}

const notices = hostPart<NoticeImpl>();
const dialogs = hostPart<DialogImpl>();

/** Called by the notice host once mounted: flushes what was asked before it arrived. */
export const attachNotices = (i: NoticeImpl | null) => notices.attach(i);
/** Called by the dialog host once mounted. */
export const attachDialogs = (i: DialogImpl | null) => dialogs.attach(i);
/** Both parts at once (tests, or a host that does both). */
export function attachFeedback(i: FeedbackImpl | null) {
  attachNotices(i);
  attachDialogs(i);
}

const run = (fn: (i: NoticeImpl) => void) => notices.run(fn);

export const notify = {
  success: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'success', message, description)),
  error: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'error', message, description)),
  info: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'info', message, description)),
  warning: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('main', 'warning', message, description)),
  /** the live 'socket' group, top right */
  socket: (message: ReactNode, description?: ReactNode) => run((i) => i.notice('socket', 'info', message, description)),
  /**
   * An info notice that stays up until the answered function closes it (a background job's
   * 'đang chuẩn bị…', closed when the job ends, so it never outlives the job).
   */
  lasting(message: ReactNode, description?: ReactNode): () => void {
    let closed = false;
    let close: (() => void) | undefined;
    run((i) => {
      if (closed) return;
      const r = i.notice('main', 'info', message, description, true);
      if (typeof r === 'function') close = r as () => void;
    });
    return () => {
      closed = true;
      close?.();
    };
  },
};

/** The shared result popup (spec §8): code 200 is success, anything else an error; the title is the server message. */
export function resultPopup(env: Envelope | null | undefined, onSuccess?: () => void) {
  const ok = env?.code === 200;
  const title = env?.message || (ok ? 'Thành công' : 'Đã có lỗi xảy ra');
  dialogs.run((i) => i.result(ok, title, ok ? onSuccess : undefined));
}

/** 'Đồng ý!' resolves true, 'Không đồng ý!' (or closing) false. */
export function confirmDialog(o: { title: ReactNode; content?: ReactNode; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => dialogs.run((i) => i.confirm(o, resolve)));
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

/**
 * Which host parts have been asked for: the app's FeedbackHost (app/feedback-root.tsx) mounts the antd
 * notice and dialog hosts once each is wanted, so their code is fetched on first use.
 */
export function useFeedbackWanted() {
  const notices_ = useSyncExternalStore(notices.subscribe, notices.wanted, notices.wanted);
  const dialogs_ = useSyncExternalStore(dialogs.subscribe, dialogs.wanted, dialogs.wanted);
  return { notices: notices_, dialogs: dialogs_ };
}

/** Start fetching the notice host early (e.g. once the admin shell is up) so the first notice shows at once. */
export const preloadFeedback = () => notices.want();
/** Start fetching the dialog host (e.g. before a screen that will surely ask for a confirmation). */
export const preloadDialogs = () => dialogs.want();
