import { CERTIFICATIONS } from '@nns/shared/producers';
import type { FieldEditor } from '../../app/feature';
import { lazyJsonShape } from '../../core/resource/lazy-json-shape';

/** The certifications editor of producers' records; its date picker and selects are fetched when a screen first shows one. */
const editors: FieldEditor[] = [
  {
    shape: CERTIFICATIONS,
    widgets: lazyJsonShape(() => import('./certifications').then((m) => ({ Input: m.CertificationsInput, View: m.CertificationsView }))),
  },
];
export default editors;
