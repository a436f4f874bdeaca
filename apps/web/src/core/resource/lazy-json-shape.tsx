import { type ComponentType, lazy, Suspense } from 'react';
import { InlineLoading } from '../loading';
import type { JsonShapeWidgets } from './json-shapes';

/**
 * A JSON-shape editor pair whose code is fetched on first use. Each part keeps its own Suspense
 * boundary, so Form.Item can hand value/onChange straight to it as to any input.
 */
export function lazyJsonShape(load: () => Promise<JsonShapeWidgets>): JsonShapeWidgets {
  let pending: Promise<JsonShapeWidgets> | null = null;
  const once = () => {
    pending ??= load();
    return pending;
  };
  const part = <P extends object>(pick: (w: JsonShapeWidgets) => ComponentType<P>) => {
    const Lazy = lazy(async () => ({ default: pick(await once()) as ComponentType<P> }));
    // biome-ignore lint/correctness/noComponentHookFactories: made once per registered shape at module load, never while rendering
    return function LazyPart(props: P) {
      return (
        <Suspense fallback={<InlineLoading />}>
          <Lazy {...props} />
        </Suspense>
      );
    };
  };
  return { Input: part((w) => w.Input), View: part((w) => w.View) };
}
