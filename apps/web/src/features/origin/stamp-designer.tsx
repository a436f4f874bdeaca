import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import {
  MAX_PRINT_LINES,
  MAX_STAMP_ATTRIBUTES,
  qrQuietZoneProblem,
  STAMP_LAYOUT_DEFAULTS,
  STAMP_LAYOUT_KEYS,
  type StampLayout,
} from '@nns/shared/traceability';
import { Alert, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState } from 'react';
import { buildUrl, client } from '../../core/client';
import { answerErrors, resultPopup, withLoading } from '../../core/feedback';
import { jobResult } from '../../core/jobs';
import { useSession } from '../../core/session';
import { StampPreview } from './stamp-preview';

const NUMBERS: [keyof StampLayout, string, number, number][] = [
  ['width', 'Chiều rộng tem (mm)', 10, 200],
  ['height', 'Chiều cao tem (mm)', 10, 280],
  ['size', 'Cỡ mã QR (cm)', 1, 10],
  ['horizontal', 'Vị trí ngang của mã QR (mm)', 0, 200],
  ['vertical', 'Vị trí dọc của mã QR (mm)', 0, 280],
  ['stamps_per_line', 'Số tem mỗi dòng', 1, 20],
  ['distance', 'Khoảng cách giữa các tem (mm)', 0, 50],
  ['space_left', 'Lề trái (mm)', 0, 100],
  ['space_top', 'Lề trên (mm)', 0, 100],
  ['lines', 'Số dòng mỗi trang (0: vừa trang)', 0, 200],
];

function Position({ name, label }: { name: string; label: string }) {
  return (
    <Space wrap align="start">
      <Form.Item name={[name, 'font_size']} label={`${label}: cỡ chữ (pt)`} rules={[{ required: true, message: 'Cỡ chữ bắt buộc' }]}>
        <InputNumber min={4} max={72} precision={0} />
      </Form.Item>
      <Form.Item name={[name, 'horizontal']} label="Ngang (mm)" rules={[{ required: true, message: 'Vị trí ngang bắt buộc' }]}>
        <InputNumber min={0} max={500} precision={0} />
      </Form.Item>
      <Form.Item name={[name, 'vertical']} label="Dọc (mm)" rules={[{ required: true, message: 'Vị trí dọc bắt buộc' }]}>
        <InputNumber min={0} max={500} precision={0} />
      </Form.Item>
    </Space>
  );
}

/** Every value of the layout, the spec's default where the form holds none (an emptied box). */
function complete(v: Partial<StampLayout> | undefined, initial: StampLayout): StampLayout {
  const out: Record<string, unknown> = {};
  for (const k of STAMP_LAYOUT_KEYS) out[k] = v?.[k] ?? initial[k] ?? STAMP_LAYOUT_DEFAULTS[k];
  const pos = (x: unknown, d: StampLayout['product_name_attribute']) => ({
    ...d,
    ...Object.fromEntries(Object.entries((x as object) ?? {}).filter(([, y]) => y != null)),
  });
  out.product_name_attribute = pos(v?.product_name_attribute, initial.product_name_attribute);
  out.product_created_at_attribute = pos(v?.product_created_at_attribute, initial.product_created_at_attribute);
  out.stamp_attributes = ((v?.stamp_attributes ?? initial.stamp_attributes) as StampLayout['stamp_attributes']).filter((a) => a?.text);
  return out as StampLayout;
}

/**
 * The print designer (issue 14 item 4): the stamp print data of the spec, a live preview of one
 * stamp as the numbers change, and the sheet: 'In tem' saves the layout, then asks for the next
 * lines of unprinted stamps and opens the PDF.
 */
export function StampDesigner(p: {
  runId: number;
  initial: StampLayout;
  productName: string;
  packagingDate: string | null;
  sampleUrl: string;
  sampleSerial?: number;
  disabled: boolean;
  left: number;
  onPrinted: () => void;
}) {
  const { can } = useSession();
  const [form] = Form.useForm<StampLayout>();
  const watched = Form.useWatch([], form) as Partial<StampLayout> | undefined;
  const layout = complete(watched, p.initial);
  // the same rule the server prints by: the stamp must hold the code with its quiet zone
  const quietZone = qrQuietZoneProblem(layout);
  const [lines, setLines] = useState<number | null>(1);
  const [paper, setPaper] = useState<'a4' | 'roll'>('a4');
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const editable = can('update', 'stamps') && !p.disabled;

  const save = async (quiet = false) => {
    const env = await withLoading(
      client.PUT('/api/admin/stamps/{id}', { params: { path: { id: p.runId } }, body: complete(form.getFieldsValue(true), p.initial) }),
    );
    const errors = env?.code === 400 ? answerErrors(env) : [];
    if (errors.length) {
      form.setFields(
        errors.map((e) => ({
          // the server's path of a field ('stamp_attributes.0.text') names one of this form's, which antd
          // types from the layout's keys: a path read at run time can only be asserted to be one
          name: e.field.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)) as NamePath<StampLayout>,
          errors: [e.message],
        })),
      );
    }
    if (!quiet || env?.code !== 200) resultPopup(env);
    return env?.code === 200;
  };
  const print = async () => {
    if (!lines) return;
    if (!(await save(true))) return;
    const env = await jobResult<{ url: string }>(
      await withLoading(client.GET('/api/admin/print-stamp/{id}/{line}', { params: { path: { id: p.runId, line: lines }, query: { paper } } })),
      {
        waiting: { message: 'Đang tạo tờ in tem…', description: 'Tệp PDF sẽ mở khi xong; tiến độ xem trong mục Tác vụ.' },
        done: 'Đã tạo xong tờ in tem',
      },
    );
    resultPopup(env);
    if (env?.code === 200) {
      const url = buildUrl(env.data.url);
      setPdfUrl(url);
      window.open(url, '_blank', 'noopener');
      p.onPrinted();
    }
  };

  return (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Form form={form} layout="vertical" initialValues={p.initial} disabled={!editable} aria-label="Bố cục tem">
          <Row gutter={12}>
            {NUMBERS.map(([k, label, min, max]) => (
              <Col key={k} xs={12} md={8}>
                <Form.Item name={k} label={label} rules={[{ required: true, message: `${label} bắt buộc` }]}>
                  <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space size="large" wrap>
            <Form.Item name="print_product_name" label="In tên sản phẩm" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="print_product_created_at" label="In ngày đóng gói" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Position name="product_name_attribute" label="Tên sản phẩm" />
          <Position name="product_created_at_attribute" label="Ngày đóng gói" />
          <Divider orientation="left">Thuộc tính tem (tối đa {MAX_STAMP_ATTRIBUTES})</Divider>
          <Form.List name="stamp_attributes">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="start">
                    <Form.Item name={[f.name, 'text']} label={`Dòng ${i + 1}`} rules={[{ required: true, message: 'Nội dung thuộc tính bắt buộc' }]}>
                      <Input maxLength={100} style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'font_size']} label="Cỡ chữ (pt)" initialValue={6}>
                      <InputNumber min={4} max={72} precision={0} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'horizontal']} label="Ngang (mm)" initialValue={31}>
                      <InputNumber min={0} max={500} precision={0} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'vertical']} label="Dọc (mm)" initialValue={18 + i * 3}>
                      <InputNumber min={0} max={500} precision={0} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button onClick={() => remove(f.name)}>Xóa</Button>
                    </Form.Item>
                  </Space>
                ))}
                {fields.length < MAX_STAMP_ATTRIBUTES && (
                  <Button onClick={() => add()} style={{ marginBottom: 16 }}>
                    Thêm thuộc tính
                  </Button>
                )}
              </>
            )}
          </Form.List>
          {editable && (
            <Button icon={<SaveOutlined />} onClick={() => void save()}>
              Lưu bố cục
            </Button>
          )}
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title="Xem trước một tem" style={{ marginBottom: 16 }}>
          <StampPreview layout={layout} url={p.sampleUrl} serial={p.sampleSerial} productName={p.productName} packagingDate={p.packagingDate} />
          {quietZone && <Alert type="error" showIcon data-testid="qr-quiet-zone-warning" style={{ marginTop: 8 }} message={quietZone} />}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            Tem {layout.width} × {layout.height} mm, mã QR {layout.size} cm; {layout.stamps_per_line} tem mỗi dòng; khổ A4 hoặc cuộn tem (mỗi trang một dòng).
          </Typography.Paragraph>
        </Card>
        <Card size="small" title="In tem">
          {p.disabled ? (
            <Alert type="warning" showIcon message="Đợt tem đã bị hủy, không thể in" />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>Còn {p.left.toLocaleString('vi-VN')} tem chưa in. Mỗi lần in lấy các tem chưa in tiếp theo theo số sê-ri.</Typography.Text>
              <Space wrap>
                <Select
                  aria-label="Khổ giấy"
                  value={paper}
                  onChange={setPaper}
                  style={{ width: 150 }}
                  options={[
                    { value: 'a4', label: 'Khổ A4' },
                    { value: 'roll', label: 'Cuộn tem' },
                  ]}
                />
                <InputNumber aria-label="Số dòng in" addonBefore="Số dòng in" min={1} max={MAX_PRINT_LINES} precision={0} value={lines} onChange={setLines} />
                {can('update', 'stamps') && (
                  <Button type="primary" icon={<PrinterOutlined />} disabled={!lines || p.left === 0 || !!quietZone} onClick={() => void print()}>
                    In tem
                  </Button>
                )}
              </Space>
              {pdfUrl && (
                <a href={pdfUrl} target="_blank" rel="noreferrer" data-testid="stamp-pdf-link">
                  Mở tệp PDF vừa tạo
                </a>
              )}
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}
