import { Modal, notification, Spin } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';
import { useEffect, useSyncExternalStore } from 'react';
import type { Envelope } from '../core/api';

/** Spec §9: notices last 5000 ms, at most 5 at once; spec §2: a click closes one. */
export const NOTICE_MS = 5000;
export const NOTICE_MAX = 5;
export const OK_TEXT = 'Đồng ý!';
export const CANCEL_TEXT = 'Không đồng ý!';
export const LOADING_TEXT = 'Đang tải...';

type Kind = 'success' | 'error' | 'info' | 'warning';
let main: NotificationInstance | null = null;
let socket: NotificationInstance | null = null;
let modal: ModalApi | null = null;
const pending: (() => void)[] = [];
let seq = 0;

function show(which: 'main' | 'socket', kind: Kind, message: ReactNode, description?: ReactNode) {
  const run = () => {
    const inst = which === 'main' ? main : socket;
    if (!inst) return;
    const key = `${which}-${++seq}`;
    inst[kind]({
      key,
      message,
      description,
      duration: NOTICE_MS / 1000,
      onClick: () => inst.destroy(key),
      style: { cursor: 'pointer' },
    });
  };
  if ((which === 'main' ? main : socket) == null) pending.push(run);
  else run();
}

export const notify = {
  success: (message: ReactNode, description?: ReactNode) => show('main', 'success', message, description),
  error: (message: ReactNode, description?: ReactNode) => show('main', 'error', message, description),
  info: (message: ReactNode, description?: ReactNode) => show('main', 'info', message, description),
  warning: (message: ReactNode, description?: ReactNode) => show('main', 'warning', message, description),
  /** the live 'socket' group, top right */
  socket: (message: ReactNode, description?: ReactNode) => show('socket', 'info', message, description),
};

/** The shared result popup (spec §8): code 200 is success, anything else an error; the title is the server message. */
export function resultPopup(env: Envelope | null | undefined, onSuccess?: () => void) {
  const ok = env?.code === 200;
  const title = env?.message || (ok ? 'Thành công' : 'Đã có lỗi xảy ra');
  const open = modal ?? Modal;
  const cfg = { title, okText: OK_TEXT, centered: true, onOk: ok ? onSuccess : undefined };
  if (ok) open.success(cfg);
  else open.error(cfg);
}

export function confirmDialog(o: { title: ReactNode; content?: ReactNode; danger?: boolean }): Promise<boolean> {
  const open = modal ?? Modal;
  return new Promise((resolve) => {
    open.confirm({
      title: o.title,
      content: o.content,
      okText: OK_TEXT,
      cancelText: CANCEL_TEXT,
      okButtonProps: o.danger ? { danger: true } : undefined,
      centered: true,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
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

export function LoadingOverlay({ force }: { force?: boolean }) {
  const { loading } = useLoading();
  return <Spin fullscreen spinning={force || loading} tip={LOADING_TEXT} size="large" />;
}

/** Mount once near the root (inside antd's ConfigProvider) so notices and popups use its theme and locale. */
export function FeedbackHost() {
  const [mainApi, mainHolder] = notification.useNotification({ placement: 'bottomRight', maxCount: NOTICE_MAX, stack: false });
  const [socketApi, socketHolder] = notification.useNotification({ placement: 'topRight', maxCount: NOTICE_MAX, stack: false });
  const [modalApi, modalHolder] = Modal.useModal();
  main = mainApi;
  socket = socketApi;
  modal = modalApi;
  useEffect(() => {
    while (pending.length) pending.shift()?.();
  }, []);
  return (
    <>
      {mainHolder}
      {socketHolder}
      {modalHolder}
      <LoadingOverlay />
    </>
  );
}
