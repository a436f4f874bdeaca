import { DIARY_INPUTS } from '@nns/shared/culture';
import type { FieldEditor } from '../../app/feature';
import { lazyJsonShape } from '../../core/resource/lazy-json-shape';

/** The diary's inputs editor (one card per input); fetched when a screen first shows one. */
const editors: FieldEditor[] = [
  {
    shape: DIARY_INPUTS,
    widgets: lazyJsonShape(() => import('./diary-inputs').then((m) => ({ Input: m.DiaryInputsInput, View: m.DiaryInputsView }))),
  },
];
export default editors;
