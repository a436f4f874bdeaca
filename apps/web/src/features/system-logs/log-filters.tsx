import { SUBJECTS } from '@nns/shared/permissions';
import { Button, DatePicker, Form, Grid, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { actionLabel } from '../../core/format';
import { dayToWall, wallDay } from '../../core/vn-time';
import { type Actor, ActorPicker } from './actor-picker';
import { type LogFilters, REFUSED_SIGN_INS } from './log-types';

/** the actions an administrator looks for most: sign-ins (failed and held back ones first) and changes */
export const ACTION_OPTIONS = [
  { value: REFUSED_SIGN_INS, label: 'Đăng nhập thất bại hoặc bị chặn' },
  ...[
    'login-failed',
    'login-throttled',
    'login',
    'logout',
    'change-password',
    'forgot-password',
    'reset-password',
    'create',
    'update',
    'delete',
    'restore',
    'import',
  ].map((value) => ({ value, label: value === 'import' ? 'Nhập từ Excel' : actionLabel(value) })),
];

const SUBJECT_OPTIONS = [...Object.entries(SUBJECTS).map(([value, s]) => ({ value, label: s.label })), { value: 'auth', label: 'Đăng nhập' }].sort((a, b) =>
  a.label.localeCompare(b.label, 'vi'),
);

interface Values {
  actor_id?: number | null;
  subject?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null];
}

export function LogFiltersForm({ value, onChange, actors }: { value: LogFilters; onChange: (f: Partial<LogFilters>) => void; actors?: Actor[] }) {
  const [form] = Form.useForm<Values>();
  // a phone: one filter a line, each as wide as the screen
  const narrow = Grid.useBreakpoint().md === false;
  const w = (px: number) => (narrow ? '100%' : px);
  useEffect(() => {
    form.setFieldsValue({
      actor_id: value.actor_id ?? null,
      subject: value.subject,
      action: value.action,
      range: value.from || value.to ? [dayToWall(value.from ?? '') ?? null, dayToWall(value.to ?? '') ?? null] : undefined,
    } as Values);
  }, [form, value.actor_id, value.subject, value.action, value.from, value.to]);

  const submit = (v: Values) =>
    onChange({
      actor_id: v.actor_id ?? undefined,
      subject: v.subject || undefined,
      action: v.action || undefined,
      from: v.range?.[0] ? wallDay(v.range[0]) : undefined,
      to: v.range?.[1] ? wallDay(v.range[1]) : undefined,
      page: 1,
    });

  return (
    <Form form={form} layout={narrow ? 'vertical' : 'inline'} onFinish={submit} style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item name="actor_id" label="Người thực hiện">
        <ActorPicker seen={actors} style={{ width: w(260) }} />
      </Form.Item>
      <Form.Item name="subject" label="Đối tượng">
        <Select allowClear showSearch optionFilterProp="label" options={SUBJECT_OPTIONS} placeholder="Tất cả" style={{ width: w(220) }} />
      </Form.Item>
      <Form.Item name="action" label="Hành động">
        <Select allowClear showSearch optionFilterProp="label" options={ACTION_OPTIONS} placeholder="Tất cả" style={{ width: w(220) }} />
      </Form.Item>
      <Form.Item name="range" label="Thời gian">
        <DatePicker.RangePicker format="DD/MM/YYYY" allowEmpty={[true, true]} placeholder={['Từ ngày', 'Đến ngày']} style={{ width: w(260) }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          Lọc
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({ actor_id: undefined, subject: undefined, action: undefined, from: undefined, to: undefined, page: 1 });
          }}
        >
          Xóa bộ lọc
        </Button>
      </Space>
    </Form>
  );
}
