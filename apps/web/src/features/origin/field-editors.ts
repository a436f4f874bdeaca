import { TRACE_DISTRIBUTORS } from '@nns/shared/traceability';
import type { FieldEditor } from '../../app/feature';
import { lazyJsonShape } from '../../core/resource/lazy-json-shape';

/** The trace's distributors editor (one card per distributor); fetched when a screen first shows one. */
const editors: FieldEditor[] = [
  {
    shape: TRACE_DISTRIBUTORS,
    widgets: lazyJsonShape(() => import('./trace-distributors').then((m) => ({ Input: m.TraceDistributorsInput, View: m.TraceDistributorsView }))),
  },
];
export default editors;
