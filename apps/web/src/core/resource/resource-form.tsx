import type { FieldDef, ResourceDef } from '@nns/shared';
import { fieldApplies, identifierProblem, isIdentifierField } from '@nns/shared/fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Row as GridRow, Result, Space } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, type Envelope } from '../api';
import { resultPopup, withLoading } from '../feedback';
import { LoadingBlock } from '../loading';
import { queryKeys } from '../query';
import { useSession } from '../session';
import './resource-form.css';
import { fieldWidget } from './field-widget';
import {
  enumChoices,
  type FieldErrors,
  type FormValues,
  formFields,
  isScopeEnum,
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
import { hasMap } from './map-fields';
import { narrowedBy, refNarrowing } from './ref-narrowing';
import type { RefOption } from './ref-select';
import { listPath } from './use-list-params';
import { useUnsavedWarning } from './use-unsaved-warning';

export interface ResourceFormProps {
  def: ResourceDef;
  /** the record to edit; absent → create */
  id?: string;
  title?: ReactNode;
  /** sections added after the declared fields (hand-written screens); their keys go through `extraKeys` */
  sections?: ReactNode;
  extraKeys?: string[];
  /** declared fields not to render (a hand-written section edits them) */
  omit?: string[];
  /** change the body before it is sent (after validation) */
  transformBody?: (body: Record<string, unknown>, mode: 'create' | 'update') => Record<string, unknown>;
  /** where to go after saving or on 'Quay lại'; defaults to the list */
  backTo?: string;
  /** replaces the success popup after a save (the form has already left for `backTo`): a station's device key shown once, a background job followed */
  onSaved?: (env: Envelope) => void;
  /** the edit's method: 'patch' where the spec edits with PATCH and the resource has no PUT */
  updateMethod?: 'put' | 'patch';
  /** form values set over the record or the new form (a map point carried by the route) */
  presets?: Record<string, unknown>;
}

// Leaflet is fetched only by forms that have a map
const MapSection = lazy(() => import('./map-section'));

export const SAVE = 'Lưu';
export const BACK = 'Quay lại';
export const NOT_SAVED = 'Chưa lưu được';

/** The general message of a refused save: the server's own words, or what went wrong in Vietnamese. */
export function refusalMessage(env: Envelope | undefined): string {
  if (env?.message) return env.message;
  if (!env || env.code === 0) return 'Không kết nối được máy chủ, dữ liệu bạn đã nhập vẫn còn trên biểu mẫu';
  return env.code === 403 ? 'Bạn không có quyền thực hiện thao tác này' : 'Không lưu được dữ liệu, vui lòng thử lại';
}

/** The create/edit screen of a resource, validated with the declaration's own zod schema. */
export function ResourceForm({
  def,
  id,
  title,
  sections,
  extraKeys = [],
  omit = [],
  transformBody,
  backTo,
  onSaved,
  updateMethod = 'put',
  presets,
}: ResourceFormProps) {
  const mode = id ? 'update' : 'create';
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const keys = queryKeys(def.name);
  const [dirty, setDirty] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const generalRef = useRef<HTMLDivElement>(null);
  const unsaved = useUnsavedWarning(dirty);
  const { user } = useSession();

  const detail = useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/${def.name}/${id}`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });
  const record = id && detail.data?.code === 200 ? (detail.data.data?.entry as Record<string, unknown>) : null;

  const shown = useMemo(() => formFields(def).filter(([k, f]) => !omit.includes(k) && f.kind !== 'polygon'), [def, omit]);
  // a scoped user's new record starts in their ward / province (scopeDefaults); an edit shows the record
  const scopeKey = `${user?.scope}:${user?.province_id}:${user?.ward_id}`;
  const presetKey = JSON.stringify(presets ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user's scope and the presets are compared through scopeKey and presetKey
  const initial = useMemo(
    () => ({ ...(record ? toFormValues(def, record) : { ...toFormValues(def, null), ...(id ? {} : scopeDefaults(def, user)) }), ...presets }),
    [def, record, id, scopeKey, presetKey],
  );
  const allowedScopes = scopeChoices(user);
  useEffect(() => {
    if (id && !record) return; // the form is not mounted while the record loads
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, initial, id, record]);

  // a value stored before the identifier rules (a tax code without its check digit…): kept as it is, said here so the officer corrects it
  const storedProblem = (key: string, f: FieldDef): ReactNode => {
    const v = record?.[key];
    const problem = typeof v === 'string' && v && isIdentifierField(f) ? identifierProblem(f, v) : null;
    return problem ? <span data-testid={`stored-problem-${key}`}>⚠ Giá trị đang lưu cần sửa: {problem}</span> : null;
  };

  const refOptions = (key: string, refLabel = 'name'): RefOption[] => {
    if (!record) return [];
    const one = record[refObjectKey(key)] as Record<string, unknown> | null | undefined;
    const many = record[refsItemsKey(key)] as Record<string, unknown>[] | undefined;
    const items = Array.isArray(many) ? many : one && typeof one === 'object' ? [one] : [];
    return items.map((x) => ({ value: x.id as number, label: String(x[refLabel] ?? `#${x.id}`) }));
  };

  const backPath = backTo ?? listPath(def);
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
  // the general message sits above the buttons: brought into view and announced
  const focusGeneral = () =>
    setTimeout(() => {
      generalRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      generalRef.current?.focus({ preventScroll: true });
    }, 0);

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
    const env: Envelope = await withLoading(id ? api[updateMethod](`/api/admin/${def.name}/${id}`, body) : api.post(`/api/admin/${def.name}`, body));
    setSaving(false);
    // 202: accepted, the rest runs as a background job (a large stamp run); `onSaved` follows it
    if (env?.code === 200 || env?.code === 202) {
      unsaved.release();
      setDirty(false);
      await qc.invalidateQueries({ queryKey: keys.all });
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

  const heading = title ?? `${mode === 'create' ? 'Thêm' : 'Cập nhật'} ${def.label.toLowerCase()}`;
  if (id && detail.isLoading)
    return (
      <Card title={heading} variant="borderless">
        <LoadingBlock />
      </Card>
    );
  if (id && detail.data && detail.data.code !== 200 && detail.data.code !== undefined) {
    return (
      <Card variant="borderless">
        <Result
          status={detail.data.code === 404 ? '404' : 'error'}
          title={detail.data.code === 404 ? 'Không tìm thấy bản ghi' : 'Không tải được dữ liệu'}
          subTitle={detail.data.message}
          extra={<Button onClick={() => navigate(backPath)}>{BACK}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card title={heading} variant="borderless" className="nns-resource-form-card">
      <Form<FormValues>
        className="nns-resource-form"
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: FormValues) => {
          setDirty(true);
          // a message set by validation or by the server goes once the user changes that field
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
          // another province: the ward (or district) picked in the one before no longer fits
          const stale = Object.keys(changed)
            .flatMap((k) => narrowedBy(def, k))
            .filter((k) => form.getFieldValue(k) != null);
          if (stale.length) form.setFields(stale.map((name) => ({ name, value: null })));
        }}
        onFinish={() => void submit()}
        scrollToFirstError
        requiredMark
        noValidate
      >
        <GridRow gutter={16}>
          {shown.map(([key, f]) => {
            const item = () => (
              // one column up to 768 px wide (phones, small tablets), the declared span from 992 px
              <Col key={key} xs={24} lg={f.span ?? 12}>
                <Form.Item
                  name={key}
                  label={f.label}
                  required={(f.required || (!!f.showWhen && !f.optionalWhenShown)) && !(mode === 'update' && f.kind === 'password')}
                  valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
                  extra={storedProblem(key, f) ?? f.help ?? (f.kind === 'password' && mode === 'update' ? 'Để trống nếu không đổi mật khẩu' : undefined)}
                >
                  {fieldWidget(
                    key,
                    f,
                    f.kind === 'ref' || f.kind === 'refs'
                      ? { refOptions: refOptions(key, f.refLabel), refParams: refNarrowing(def, key, watched) }
                      : isScopeEnum(f)
                        ? { enumValues: allowedScopes }
                        : f.scopeOptions
                          ? { enumValues: enumChoices(f, user) }
                          : {},
                  )}
                </Form.Item>
              </Col>
            );
            if (!f.showWhen) return item();
            // shown while the fields it depends on hold one of its values
            const deps = Object.keys(f.showWhen);
            return (
              <Form.Item key={key} noStyle shouldUpdate={(a, b) => deps.some((d) => a[d] !== b[d])}>
                {() => (fieldApplies(f, form.getFieldsValue(deps)) ? item() : null)}
              </Form.Item>
            );
          })}
        </GridRow>
        {hasMap(def) && (
          <Suspense fallback={<LoadingBlock height={360} />}>
            <MapSection def={def} form={form} omit={omit} onChange={() => setDirty(true)} />
          </Suspense>
        )}
        {sections}
        {general.length > 0 && (
          <div ref={generalRef} tabIndex={-1} className="nns-form-general-error" style={{ outline: 'none' }}>
            <Alert type="error" showIcon role="alert" style={{ margin: '8px 0 16px' }} message={NOT_SAVED} description={general.join(' · ')} />
          </div>
        )}
        <Space className="nns-form-actions" wrap style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {SAVE}
          </Button>
          <Button onClick={() => navigate(backPath)}>{BACK}</Button>
        </Space>
      </Form>
    </Card>
  );
}
