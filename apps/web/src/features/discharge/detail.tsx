import { EditOutlined, FileExcelOutlined, FileSearchOutlined, LineChartOutlined } from '@ant-design/icons';
import { LIMIT_COLUMNS, parameterLabel, WASTEWATER_TYPES } from '@nns/shared/discharge';
import { ANNOUNCEMENT, PUBLIC_STATUS } from '@nns/shared/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { buildUrl, client, type Envelope } from '../../core/client';
import { notify, withLoading } from '../../core/feedback';
import { formatDate, formatNumber } from '../../core/format';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { fileName } from '../../core/resource/display';
import { useSession } from '../../core/session';
import './discharge.css';
import { jobResult } from '../../core/jobs';
import { FlowChart } from './flow-chart';
import { BASE, pointPath } from './paths';
import { limitText, useWork } from './use-work';

const label = (options: { value: unknown; label: string }[], v: unknown) => options.find((o) => o.value === v)?.label ?? '';
const today = () => dayjs().format('YYYY-MM-DD');
/** A value of the inventory answer, whose record the document leaves open. */
const said = (v: unknown) => (v == null || v === '' ? 'Không có dữ liệu' : String(v));

/** detail/{id}: the permit, flow against the permitted flow, month-by-month compliance, inventory, documents, exports. */
export function WorkDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useSession();
  const { q, work } = useWork(id);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(1, 'year').add(1, 'day'), dayjs()]);
  const period = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
  const comp = useQuery({
    queryKey: [...queryKeys('discharge-traffic').all, 'compliance', id, period],
    queryFn: ({ signal }) => client.GET('/api/admin/discharge-constructs/compliance/{id}', { params: { path: { id: Number(id) }, query: period }, signal }),
  });
  const inv = useQuery({
    queryKey: [...queryKeys('discharge-inventory').all, 'detail', id],
    queryFn: ({ signal }) => client.POST('/api/admin/discharge-inventory/detail', { body: { construct_id: Number(id) }, signal }),
  });
  if (q.isLoading) return <LoadingBlock />;
  if (!work) return <Alert type="error" showIcon message={q.data?.message || 'Không tìm thấy công trình'} />;
  const c = comp.data?.code === 200 ? comp.data.data : null;
  const inventory = inv.data?.code === 200 ? inv.data.data.entry : null;
  const canUpdate = can('update', 'discharge_construct');

  const act = async (call: () => Promise<Envelope<unknown>>) => {
    const r = await withLoading(call);
    if (r.code === 200) {
      notify.success('Đã cập nhật');
      await qc.invalidateQueries({ queryKey: queryKeys('discharge-constructs').all });
    } else notify.error(r.message || 'Không cập nhật được');
  };
  const exportOne = async () => {
    const r = await jobResult<{ url: string }>(
      await withLoading(client.GET('/api/admin/discharge-constructs/export-excel/{id}', { params: { path: { id: Number(id) }, query: period } })),
    );
    if (r.code === 200 && r.data?.url) window.location.href = buildUrl(r.data.url);
    else notify.error(r.message || 'Không xuất được tệp');
  };

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          variant="borderless"
          title={`${work.code} · ${work.name}`}
          extra={
            <Space wrap>
              <Button icon={<LineChartOutlined />} onClick={() => navigate(`${BASE}/flow/${id}`)}>
                Lưu lượng xả
              </Button>
              <Button icon={<FileSearchOutlined />} onClick={() => navigate(`${BASE}/inventory/${id}`)}>
                Kiểm kê
              </Button>
              {can('export', 'discharge_construct') && (
                <Button icon={<FileExcelOutlined />} onClick={() => void exportOne()}>
                  Xuất Excel
                </Button>
              )}
              {canUpdate && (
                <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`${BASE}/edit/${id}/${pointPath(work.lat, work.long)}`)}>
                  Chỉnh sửa
                </Button>
              )}
            </Space>
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} bordered>
            <Descriptions.Item label="Loại nước thải">
              <Space size={6}>
                <span className="nns-discharge-dot" style={{ background: WASTEWATER_TYPES.find((o) => o.value === work.wastewater_type)?.color }} />
                {label(WASTEWATER_TYPES, work.wastewater_type)}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Chủ công trình">{work.owner || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Phường/xã">{work.ward?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label="Địa chỉ">{work.address || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Tọa độ">
              {work.lat}, {work.long}
            </Descriptions.Item>
            <Descriptions.Item label="Nguồn tiếp nhận">{work.receiving_water || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Số giấy phép">{work.permit_number || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Ngày cấp / hết hạn">
              {formatDate(work.permit_date)} – {formatDate(work.permit_expiry)}
            </Descriptions.Item>
            <Descriptions.Item label="Cơ quan cấp phép">{work.permit_issuer || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Lưu lượng xả cho phép">
              {work.permitted_flow == null ? 'Chưa có (không xác định được Kf)' : `${formatNumber(work.permitted_flow)} m³/ngày đêm`}
            </Descriptions.Item>
            <Descriptions.Item label="Quy chuẩn áp dụng">
              {c
                ? `${c.standard_code}, ${label(LIMIT_COLUMNS, c.column)}; ${c.factor == null ? 'hệ số chưa xác định (thiếu lưu lượng xả cho phép)' : `hệ số ${formatNumber(c.factor)}`}`
                : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Công nghệ xử lý">{work.treatment_technology || 'Không có dữ liệu'}</Descriptions.Item>
            <Descriptions.Item label="Công bố">
              <Space>
                <Switch
                  checked={work.announce === 1}
                  disabled={!canUpdate}
                  aria-label="Công bố công trình"
                  onChange={() => void act(() => client.PATCH('/api/admin/discharge-constructs/announce/{id}', { params: { path: { id: Number(id) } } }))}
                />
                {label(ANNOUNCEMENT, work.announce)}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Trạng thái công khai">
              <Select
                size="small"
                aria-label="Trạng thái công khai"
                disabled={!canUpdate}
                style={{ minWidth: 160 }}
                value={work.public_status}
                onChange={(v: number) =>
                  void act(() =>
                    client.PATCH('/api/admin/discharge-constructs/change-status/{status}/{id}', {
                      params: { path: { status: v === 1 ? '1' : '2', id: Number(id) } },
                    }),
                  )
                }
                options={PUBLIC_STATUS.map((o) => ({ value: o.value, label: o.label }))}
              />
            </Descriptions.Item>
            <Descriptions.Item label="Tài liệu">
              {(work.documents ?? []).length ? (
                <Space direction="vertical" size={0}>
                  {(work.documents ?? []).map((u) => (
                    <a key={u} href={u} target="_blank" rel="noreferrer">
                      {fileName(u)}
                    </a>
                  ))}
                </Space>
              ) : (
                'Chưa có tài liệu'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={24}>
        <Card
          variant="borderless"
          title="Lưu lượng đo so với lưu lượng cho phép"
          extra={
            <DatePicker.RangePicker
              allowClear={false}
              format="DD/MM/YYYY"
              aria-label="Kỳ số liệu"
              value={range}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              disabledDate={(d) => d.format('YYYY-MM-DD') > today()}
            />
          }
        >
          {comp.isLoading && <LoadingBlock height={320} />}
          {c && (c.series.length ? <FlowChart series={c.series} permitted={c.permitted_flow} /> : <Empty description="Chưa có số liệu đo trong kỳ" />)}
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card variant="borderless" title="Tuân thủ theo tháng">
          <Table
            size="small"
            rowKey="month"
            pagination={false}
            dataSource={c?.months ?? []}
            locale={{ emptyText: 'Chưa có số liệu' }}
            data-testid="compliance-table"
            columns={[
              { title: 'Tháng', dataIndex: 'month', render: (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}` },
              { title: 'Số ngày đo', dataIndex: 'flows', align: 'right' },
              {
                title: 'Số ngày vượt',
                dataIndex: 'exceeded',
                align: 'right',
                render: (n: number) => (n ? <span className="nns-cell-exceeded">{n}</span> : 0),
              },
              { title: 'Lưu lượng TB (m³/ngày)', dataIndex: 'avg_flow', align: 'right', render: (v: number) => formatNumber(v) },
              {
                title: 'Chỉ tiêu vượt',
                key: 'by',
                render: (_v, m) =>
                  Object.entries(m.by_parameter).map(([k, n]) => (
                    <Tag key={k} color="red">
                      {parameterLabel(k)}: {n}
                    </Tag>
                  )),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card variant="borderless" title="Giới hạn áp dụng" style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {(c?.limits ?? []).map((l) => (
              <Tag key={l.parameter} style={{ marginBottom: 4 }}>
                {l.label}: {limitText(l)} {l.unit}
              </Tag>
            ))}
          </Typography.Paragraph>
        </Card>
        <Card
          variant="borderless"
          title={inventory ? `Kiểm kê năm ${inventory.survey_year}` : 'Kiểm kê'}
          extra={<Button onClick={() => navigate(`${BASE}/inventory/${id}`)}>{inventory ? 'Xem, sửa' : 'Thêm kiểm kê'}</Button>}
        >
          {inventory ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Ngày kiểm kê">{formatDate(typeof inventory.survey_date === 'string' ? inventory.survey_date : null)}</Descriptions.Item>
              <Descriptions.Item label="Nguồn phát sinh">{said(inventory.wastewater_sources)}</Descriptions.Item>
              <Descriptions.Item label="Hệ thống xử lý">{said(inventory.treatment_system)}</Descriptions.Item>
              <Descriptions.Item label="Kết quả kiểm tra">{said(inventory.compliance_findings)}</Descriptions.Item>
              <Descriptions.Item label="Cán bộ kiểm kê">{said(inventory.inspector)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description="Chưa có kiểm kê" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
