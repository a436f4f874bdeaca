import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type Mod = { default: ComponentType };

/** Spec §9: a screen's code that has not arrived after 120000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
export function withChunkTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('Tải trang quá thời gian cho phép')), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}

/** A route whose screen (the module's default export) is fetched on first visit. */
export const page =
  (load: () => Promise<Mod>): RouteObject['lazy'] =>
  async () => ({ Component: (await withChunkTimeout(load())).default });

/** A screen outside the admin shell that uses antd: mounted inside antd's locale and theme. */
export const antdPage =
  (load: () => Promise<Mod>): RouteObject['lazy'] =>
  async () => {
    const [m, { withAntd }] = await withChunkTimeout(Promise.all([load(), import('./antd-root')]));
    return { Component: withAntd(m.default) };
  };

/** A route whose element is made once the module has arrived (screens that take props). */
export const lazyElement =
  <M,>(load: () => Promise<M>, make: (m: M) => React.ReactNode, antd = false): RouteObject['lazy'] =>
  async () => {
    const [m, root] = await withChunkTimeout(Promise.all([load(), antd ? import('./antd-root') : Promise.resolve(null)]));
    const el = make(m);
    return { element: root ? <root.AntdRoot>{el}</root.AntdRoot> : el };
  };
