import type { Envelope, ResourceDef } from '@nns/shared';
import { fieldApplies } from '@nns/shared/fields';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceCall } from '../client';
import { resultPopup, withLoading } from '../feedback';
import { queryKeys } from '../query';
import { useSession } from '../session';
import type { Row } from './display';
import {
  type FieldErrors,
  type FormValues,
  formFields,
  refObjectKey,
  refsItemsKey,
  scopeChoices,
  scopeDefaults,
  serverFieldErrors,
  toAntdFields,
  toFormValues,
  toRequestBody,
  validateBody,
} from './form-mapping';
import { narrowedBy } from './ref-narrowing';
import type { RefOption } from './ref-select';
import { listPath } from './use-list-params';
import { useRecord } from './use-record';
import { useUnsavedWarning } from './use-unsaved-warning';

export interface ResourceFormOptions {
  def: ResourceDef;
  /** the record to edit; absent → create */
  id?: string;
  /** keys of hand-written sections, sent with the declared fields */
  extraKeys?: string[];
  /** declared fields not to render (a hand-written section edits them) */
  omit?: string[];
  /** change the body before it is sent (after validation) */
  transformBody?: (body: Record<string, unknown>, mode: 'create' | 'update') => Record<string, unknown>;
  /** where to go after saving or on 'Quay lại'; defaults to the list */
  backTo?: string;
  /** replaces the success popup after a save (the form has already left for `backTo`) */
  onSaved?: (env: Envelope) => void;
  /** the edit's method: 'patch' where the spec edits with PATCH and the resource has no PUT */
  updateMethod?: 'put' | 'patch';
  /** form values set over the record or the new form (a map point carried by the route) */
  presets?: Record<string, unknown>;
}

/** The general message of a refused save: the server's own words, or what went wrong in Vietnamese. */
export function refusalMessage(env: Envelope | undefined): string {
  if (env?.message) return env.message;
  if (!env || env.code === 0) return 'Không kết nối được máy chủ, dữ liệu bạn đã nhập vẫn còn trên biểu mẫu';
  return env.code === 403 ? 'Bạn không có quyền thực hiện thao tác này' : 'Không lưu được dữ liệu, vui lòng thử lại';
}

/**
 * What a resource's create/edit screen does, apart from its markup: the record loaded into the form,
 * a scoped user's defaults, the declaration's validation, the save, and the server's refusal mapped to
 * the fields it names (or to one general message above the buttons).
 */
export function useResourceForm({ def, id, extraKeys = [], omit = [], transformBody, backTo, onSaved, updateMethod = 'put', presets }: ResourceFormOptions) {
  const mode: 'create' | 'update' = id ? 'update' : 'create';
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const generalRef = useRef<HTMLDivElement>(null);
  const unsaved = useUnsavedWarning(dirty);
  const { user } = useSession();

  const detail = useRecord(def, id, { staleTime: 0 });
  const record: Row | null = id && detail.data?.code === 200 ? (detail.data.data?.entry ?? null) : null;

  const shown = useMemo(() => formFields(def).filter(([k, f]) => !omit.includes(k) && f.kind !== 'polygon'), [def, omit]);
  // a scoped user's new record starts in their ward / province (scopeDefaults); an edit shows the record
  const scopeKey = `${user?.scope}:${user?.province_id}:${user?.ward_id}`;
  const presetKey = JSON.stringify(presets ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user's scope and the presets are compared through scopeKey and presetKey
  const initial = useMemo(
    () => ({ ...(record ? toFormValues(def, record) : { ...toFormValues(def, null), ...(id ? {} : scopeDefaults(def, user)) }), ...presets }),
    [def, record, id, scopeKey, presetKey],
  );
  useEffect(() => {
    if (id && !record) return; // the form is not mounted while the record loads
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, initial, id, record]);

  /** the options a ref picker starts with: the record's own referenced rows */
  const refOptions = (key: string, refLabel = 'name'): RefOption[] => {
    if (!record) return [];
    const one = record[refObjectKey(key)] as Record<string, unknown> | null | undefined;
    const many = record[refsItemsKey(key)] as Record<string, unknown>[] | undefined;
    const items = Array.isArray(many) ? many : one && typeof one === 'object' ? [one] : [];
    return items.map((x) => ({ value: x.id as number, label: String(x[refLabel] ?? `#${x.id}`) }));
  };

  const backPath = backTo ?? listPath(def);
  // the general message sits above the buttons: brought into view and announced
  const focusGeneral = () =>
    setTimeout(() => {
      generalRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      generalRef.current?.focus({ preventScroll: true });
    }, 0);
  const showErrors = (errors: FieldErrors) => {
    const names = new Set([
      ...shown.map(([k]) => k),
      ...formFields(def)
        .filter(([, f]) => f.kind === 'polygon')
        .map(([k]) => k),
      ...extraKeys,
    ]);
    form.setFields(toAntdFields(errors, names));
    const rest = Object.entries(errors).flatMap(([k, msgs]) => (names.has(k) ? [] : msgs));
    setGeneral(rest);
    // focus (and scroll) to the first field in error, in the order the form shows them
    const first = [...names].find((k) => errors[k]?.length);
    if (first) form.scrollToField(first, { behavior: 'smooth', block: 'center', focus: true });
    else if (rest.length) focusGeneral();
  };

  const submit = async () => {
    setGeneral([]);
    const values = form.getFieldsValue(true) as FormValues;
    let body = toRequestBody(def, values, mode, extraKeys);
    for (const k of omit) if (!(k in values)) delete body[k];
    // a field that does not apply to the other values is sent empty (a notification's ids of other audiences)
    for (const [k, f] of shown) if (!fieldApplies(f, values)) body[k] = null;
    const errors = validateBody(def, body, mode);
    // clear old messages of the fields that are fine now
    form.setFields(shown.map(([k]) => ({ name: k, errors: errors[k] ?? [] })));
    if (Object.keys(errors).length) return showErrors(errors);
    if (transformBody) body = transformBody(body, mode);
    setSaving(true);
    const env = await withLoading(id ? resourceCall(updateMethod, def.name, `/${id}`, { body }) : resourceCall('post', def.name, '', { body }));
    setSaving(false);
    // 202: accepted, the rest runs as a background job (a large stamp run); `onSaved` follows it
    if (env?.code === 200 || env?.code === 202) {
      unsaved.release();
      setDirty(false);
      await qc.invalidateQueries({ queryKey: queryKeys(def.name).all });
      // the popup stays up over the list; leaving first means the unsaved-changes guard sees a clean form
      setTimeout(() => {
        navigate(backPath);
        if (onSaved) onSaved(env);
        else resultPopup(env);
      }, 0);
      return;
    }
    // a refusal (400, 403, 409…) or a lost connection keeps everything typed: the message goes under
    // its field, or above the buttons; nothing navigates away
    const fieldErrors = serverFieldErrors(def, env?.data);
    if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
    else {
      setGeneral([refusalMessage(env)]);
      focusGeneral();
    }
  };

  /** a changed value: the form is dirty, that field's old message goes, the pickers it narrows are emptied */
  const onValuesChange = (changed: FormValues) => {
    setDirty(true);
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
    // another province: the ward (or district) picked in the one before no longer fits
    const stale = Object.keys(changed)
      .flatMap((k) => narrowedBy(def, k))
      .filter((k) => form.getFieldValue(k) != null);
    if (stale.length) form.setFields(stale.map((name) => ({ name, value: null })));
  };

  return {
    mode,
    form,
    watched,
    user,
    detail,
    record,
    shown,
    initial,
    allowedScopes: scopeChoices(user),
    refOptions,
    backPath,
    back: () => navigate(backPath),
    submit,
    saving,
    general,
    generalRef,
    onValuesChange,
    markDirty: () => setDirty(true),
  };
}
