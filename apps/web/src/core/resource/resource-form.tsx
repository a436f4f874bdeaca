import type { FieldDef } from '@nns/shared';
import { fieldApplies, identifierProblem, isIdentifierField } from '@nns/shared/fields';
import { Alert, Button, Card, Col, Form, Row as GridRow, Result, Space } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingBlock } from '../loading';
import './resource-form.css';
import { fieldWidget } from './field-widget';
import { enumChoices, type FormValues, isScopeEnum } from './form-mapping';
import { hasMap } from './map-fields';
import { refNarrowing } from './ref-narrowing';
import { type ResourceFormOptions, useResourceForm } from './use-resource-form';

export { refusalMessage } from './use-resource-form';

export interface ResourceFormProps extends ResourceFormOptions {
  title?: ReactNode;
  /** sections added after the declared fields (hand-written screens); their keys go through `extraKeys` */
  sections?: ReactNode;
}

// Leaflet is fetched only by forms that have a map
const MapSection = lazy(() => import('./map-section'));

export const SAVE = 'Lưu';
export const BACK = 'Quay lại';
export const NOT_SAVED = 'Chưa lưu được';

/** The create/edit screen of a resource, validated with the declaration's own zod schema (logic in useResourceForm). */
export function ResourceForm({ title, sections, ...options }: ResourceFormProps) {
  const { def, omit = [] } = options;
  const {
    mode,
    form,
    watched,
    user,
    detail,
    record,
    shown,
    initial,
    allowedScopes,
    refOptions,
    back,
    submit,
    saving,
    general,
    generalRef,
    onValuesChange,
    markDirty,
  } = useResourceForm(options);

  // a value stored before the identifier rules (a tax code without its check digit…): kept as it is, said here so the officer corrects it
  const storedProblem = (key: string, f: FieldDef): ReactNode => {
    const v = record?.[key];
    const problem = typeof v === 'string' && v && isIdentifierField(f) ? identifierProblem(f, v) : null;
    return problem ? <span data-testid={`stored-problem-${key}`}>⚠ Giá trị đang lưu cần sửa: {problem}</span> : null;
  };

  const heading = title ?? `${mode === 'create' ? 'Thêm' : 'Cập nhật'} ${def.label.toLowerCase()}`;
  if (options.id && detail.isLoading)
    return (
      <Card title={heading} variant="borderless">
        <LoadingBlock />
      </Card>
    );
  if (options.id && detail.data && detail.data.code !== 200 && detail.data.code !== undefined) {
    return (
      <Card variant="borderless">
        <Result
          status={detail.data.code === 404 ? '404' : 'error'}
          title={detail.data.code === 404 ? 'Không tìm thấy bản ghi' : 'Không tải được dữ liệu'}
          subTitle={detail.data.message}
          extra={<Button onClick={back}>{BACK}</Button>}
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
        onValuesChange={onValuesChange}
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
            <MapSection def={def} form={form} omit={omit} onChange={markDirty} />
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
          <Button onClick={back}>{BACK}</Button>
        </Space>
      </Form>
    </Card>
  );
}
