import type { FieldDef } from '@nns/shared';
import { DatePicker, Form, Input, InputNumber, Select, type SelectProps, Switch } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LoadingBlock } from '../loading';
import { jsonShapeWidgets } from './json-shapes';
import { PasswordInput, type PasswordInputProps } from './password-input';
import type { RefOption } from './ref-select';
import { RefSelect } from './ref-select';
import { UploadField } from './uploads';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATETIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** 1250000 → '1.250.000' (the Vietnamese thousands separator); and back. */
export const moneyFormatter = (v: string | number | undefined) => (v === undefined || v === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
export const moneyParser = (v: string | undefined) => (v ? v.replace(/[^\d-]/g, '') : '');

/** Form.Item hands value/onChange to its direct child, so the Suspense boundary lives inside it. */
function LazyRichText(props: { value?: string | null; onChange?: (v: string) => void; id?: string; label?: string }) {
  return (
    <Suspense fallback={<LoadingBlock height={200} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A password field of a generic form: its meter counts the record's own name, username, email and phone as guessable. */
function FormPasswordInput(props: PasswordInputProps) {
  const form = Form.useFormInstance();
  const username = Form.useWatch('username', form);
  const full_name = Form.useWatch('full_name', form);
  const email = Form.useWatch('email', form);
  const phone = Form.useWatch('phone', form);
  return <PasswordInput {...props} account={{ username, full_name, email, phone }} />;
}

/** JSON fields edited as text; the value stays an object, invalid text keeps the last good value. */
function JsonInput({ value, onChange, id }: { value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const [text, setText] = useState(() => (value == null ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText((t) => {
      try {
        return JSON.stringify(JSON.parse(t || 'null')) === JSON.stringify(value ?? null) ? t : value == null ? '' : JSON.stringify(value, null, 2);
      } catch {
        return t;
      }
    });
  }, [value]);
  return (
    <Input.TextArea
      id={id}
      rows={6}
      value={text}
      status={bad ? 'error' : undefined}
      style={{ fontFamily: 'monospace' }}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange?.(e.target.value.trim() ? JSON.parse(e.target.value) : null);
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

/**
 * A Select for Form.Item: antd's Form.Item hands it `aria-required`, which rc-select sets on its outer
 * div, where ARIA does not allow it (axe 'aria-allowed-attr', critical); the label's mark says it instead.
 */
function EnumSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

export interface WidgetContext {
  /** labels of the record's references, so pickers show names at once */
  refOptions?: RefOption[];
  /** filters a reference picker sends with the typed text (ref-narrowing.ts) */
  refParams?: Record<string, string>;
  /** an enum offers only these of its values (the account scopes a user may give) */
  enumValues?: string[];
}

/**
 * The input for one declared field. Form.Item injects value/onChange/id into it; switches
 * take `checked` (see `valuePropName` in resource-form.tsx).
 */
export function fieldWidget(key: string, f: FieldDef, ctx: WidgetContext = {}): ReactNode {
  const placeholder = f.placeholder;
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={4} placeholder={placeholder} showCount={f.max ? { formatter: ({ count }) => `${count}/${f.max}` } : false} />;
    case 'richtext':
      return <LazyRichText label={f.label} />;
    case 'password':
      return <FormPasswordInput placeholder={placeholder} />;
    case 'email':
      return <Input type="email" inputMode="email" autoComplete="off" placeholder={placeholder} />;
    case 'phone':
      return <Input inputMode="tel" autoComplete="off" placeholder={placeholder ?? 'VD: 0912345678'} />;
    // no min/max/precision here: antd would clamp or round the number on blur without a word; the
    // declaration's rules refuse it with a message instead (form-mapping.ts validateBody, and the server)
    case 'integer':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'float':
      return <InputNumber step={0.01} decimalSeparator="," style={{ width: '100%' }} placeholder={placeholder} />;
    case 'money':
      return (
        <InputNumber<number>
          formatter={moneyFormatter}
          parser={(v) => Number(moneyParser(v)) as number}
          addonAfter="₫"
          style={{ width: '100%' }}
          placeholder={placeholder}
        />
      );
    case 'date':
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} placeholder="Chọn ngày" />;
    case 'datetime':
      return <DatePicker showTime={{ format: 'HH:mm' }} format={DATETIME_FORMAT} style={{ width: '100%' }} placeholder="Chọn ngày giờ" />;
    case 'enum':
      return (
        <EnumSelect
          allowClear={!f.required}
          options={f.options?.filter((o) => !ctx.enumValues || ctx.enumValues.includes(String(o.value))).map((o) => ({ value: o.value, label: o.label }))}
          placeholder={placeholder ?? 'Chọn'}
        />
      );
    case 'ref':
    case 'refs':
      return (
        <RefSelect
          resource={f.ref ?? ''}
          refLabel={f.refLabel}
          multiple={f.kind === 'refs'}
          initialOptions={ctx.refOptions}
          params={ctx.refParams}
          path={f.refPath}
          placeholder={placeholder}
        />
      );
    case 'image':
    case 'images':
      return <UploadField kind="image" multiple={f.kind === 'images'} max={f.max} />;
    case 'file':
    case 'files':
      return <UploadField kind="file" multiple={f.kind === 'files'} max={f.max} />;
    case 'switch':
      return <Switch checkedChildren="Có" unCheckedChildren="Không" />;
    case 'json': {
      // a shape with a registered editor (json-shapes.ts) gets it; others are edited as JSON text
      const shape = jsonShapeWidgets(f.shape);
      return shape ? <shape.Input /> : <JsonInput />;
    }
    case 'polygon':
      // drawn on the map section of the form (resource-form.tsx), never typed
      return null;
    default:
      return <Input placeholder={placeholder} autoComplete="off" data-field={key} />;
  }
}
