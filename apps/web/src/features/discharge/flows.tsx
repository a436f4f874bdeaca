import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DISCHARGE_PARAMETERS, TRAFFIC_STATUS, VERDICT_LABELS } from '@nns/shared/discharge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { confirmDialog, notify, withLoading } from '../../core/feedback';
import { formatDate, formatNumber, rowNumber } from '../../core/format';
import { SingleImportButton } from '../../core/import';
import { queryKeys } from '../../core/query';
import { useSession } from '../../core/session';
import './discharge.css';
import { BASE, flows } from './paths';
import { limitText, useWork } from './use-work';

const MAIN = ['ph', 'bod5', 'cod', 'tss', 'nh4', 'coliform'];

/** A measured flow as the list answers it, with each parameter's verdict. */
type Flow = AnswerData<'/api/admin/discharge-traffic/list/{id}', 'post'>['entries'][number];
/** A parameter's value of a flow, by its code (the parameters are a list, the row's keys fixed). */
const valueAt = (row: Record<string, unknown>, code: string) => row[code];

const cell = (v: unknown, exceeded: boolean, verdict?: string) => {
  const text = v == null ? '' : formatNumber(Number(v));
  if (!exceeded && v != null && (verdict === 'not_in_standard' || verdict === 'missing_flow' || verdict === 'not_applicable')) {
    const why = VERDICT_LABELS[verdict];
    return (
      <span title={why} data-verdict={verdict}>
        {text}{' '}
        <Tag color={verdict === 'missing_flow' ? 'orange' : 'default'} style={{ marginInlineEnd: 0 }}>
          {verdict === 'not_in_standard' ? 'Không có trong quy chuẩn' : verdict === 'missing_flow' ? 'Thiếu lưu lượng' : 'Không áp dụng'}
        </Tag>
      </span>
    );
  }
  return exceeded ? (
    <span className="nns-cell-exceeded" title="Vượt giới hạn" data-exceeded="1">
      {text}
    </span>
  ) : (
    text
  );
};

/** flow/{id}: a work's measured flows, each value over its limit in red, with import and the spec's create/edit screens. */
export function FlowsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const { work } = useWork(id);
  const key = [...queryKeys('discharge-traffic').all, 'by-work', id, page];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      client.POST('/api/admin/discharge-traffic/list/{id}', {
        params: { path: { id: Number(id) }, query: { page, limit: 10 } },
        body: { construct_id: Number(id) },
        signal,
      }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const limits = data?.limits ?? [];
  const measured = DISCHARGE_PARAMETERS.filter(
    (p) => !limits.some((l) => l.parameter === p.code) && (data?.entries ?? []).some((e) => valueAt(e, p.code) != null),
  );
  // the spec's six parameters always; the standard's others only where this page holds a value
  const shownLimit = (code: string) => MAIN.includes(code) || (data?.entries ?? []).some((e) => valueAt(e, code) != null);
  const paramCols = [
    ...limits.filter((l) => shownLimit(l.parameter)).map((l) => ({ code: l.parameter, label: l.label, unit: l.unit, limit: limitText(l) })),
    ...measured.map((p) => ({ code: p.code, label: p.label, unit: p.unit, limit: VERDICT_LABELS.not_in_standard })),
  ];
  const remove = async (row: Flow) => {
    if (!(await confirmDialog({ title: `Xóa số liệu ngày ${formatDate(row.measured_date)}?`, danger: true }))) return;
    const r = await withLoading(client.DELETE('/api/admin/discharge-traffic/{id}', { params: { path: { id: row.id } } }));
    if (r.code === 200) {
      notify.success('Đã xóa số liệu');
      await qc.invalidateQueries({ queryKey: queryKeys('discharge-traffic').all });
    } else notify.error(r.message || 'Không xóa được');
  };
  const columns: ColumnsType<Flow> = [
    { title: 'STT', key: 'n', width: 56, fixed: 'left', render: (_v, _r, i) => rowNumber(page, 10, i) },
    { title: 'Ngày đo', dataIndex: 'measured_date', width: 104, fixed: 'left', render: (v: string) => formatDate(v) },
    {
      title: (
        <span>
          Lưu lượng (m³/ngày)
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {data?.permitted_flow == null ? 'chưa có lưu lượng cho phép' : `≤ ${formatNumber(data.permitted_flow)}`}
          </Typography.Text>
        </span>
      ),
      key: 'flow',
      width: 120,
      align: 'right',
      render: (_v, r) => cell(r.flow, (r.exceeded ?? []).includes('flow')),
    },
    ...paramCols.map((p) => ({
      title: (
        <span>
          {p.label}
          {p.unit ? ` (${p.unit})` : ''}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.limit}
          </Typography.Text>
        </span>
      ),
      key: p.code,
      width: 110,
      align: 'right' as const,
      render: (_v: unknown, r: Flow) => cell(valueAt(r, p.code), (r.exceeded ?? []).includes(p.code), r.verdicts?.[p.code]),
    })),
    {
      title: 'Kết quả',
      key: 'status',
      width: 120,
      render: (_v, r) => {
        const o = TRAFFIC_STATUS.find((x) => x.value === r.status);
        return o ? (
          <Space size={4} wrap>
            <Tag color={o.color}>{o.label}</Tag>
            {r.not_in_standard?.length ? <Tag title={r.not_in_standard.join(', ')}>Có thông số không có trong quy chuẩn</Tag> : null}
          </Space>
        ) : null;
      },
    },
    {
      title: 'Thao tác',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          {can('update', 'discharge_traffic') && (
            <Tooltip title="Chỉnh sửa">
              <Link to={`${BASE}/edit-flow/${id}/${r.id}`} aria-label={`Chỉnh sửa số liệu ngày ${formatDate(r.measured_date)}`}>
                <Button size="small" type="text" icon={<EditOutlined />} />
              </Link>
            </Tooltip>
          )}
          {can('delete', 'discharge_traffic') && (
            <Tooltip title="Xóa">
              <Button
                size="small"
                type="text"
                danger
                aria-label={`Xóa số liệu ngày ${formatDate(r.measured_date)}`}
                icon={<DeleteOutlined />}
                onClick={() => void remove(r)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      variant="borderless"
      title={work ? `Lưu lượng xả: ${work.code} · ${work.name}` : 'Lưu lượng xả'}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`${BASE}/detail/${id}`)}>Chi tiết công trình</Button>
          <SingleImportButton
            def={flows}
            path={`/import/${id}`}
            templatePath="/import-template"
            title="Nhập Excel số liệu lưu lượng xả"
            hint="Mỗi dòng một ngày đo (cột 'Ngày đo' dd/mm/yyyy, 'Lưu lượng (m³/ngày)' và các thông số). Ngày đã có số liệu sẽ được cập nhật. Hệ thống kiểm tra toàn bộ tệp trước, không ghi gì nếu còn lỗi."
          />
          {can('create', 'discharge_traffic') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${BASE}/create-flow/${id}`)}>
              Thêm số liệu
            </Button>
          )}
        </Space>
      }
    >
      {data && (
        <Alert
          style={{ marginBottom: 12 }}
          type={data.missing ? 'warning' : 'info'}
          message={
            data.missing
              ? `So sánh với ${data.standard_code} cột ${data.column}. ${data.missing}: giấy phép chưa ghi lưu lượng xả cho phép nên không giả định Kf; chỉ kết luận được giá trị rõ ràng đạt hoặc vượt với mọi Kf.`
              : `So sánh với giấy phép (${formatNumber(data.permitted_flow ?? 0)} m³/ngày đêm) và ${data.standard_code} cột ${data.column}, hệ số ${formatNumber(data.factor ?? 1)}; ô tô đỏ là giá trị vượt giới hạn.`
          }
        />
      )}
      {q.data && q.data.code !== 200 && <Alert type="error" showIcon message={q.data.message || 'Không tải được số liệu'} />}
      <Table
        rowKey="id"
        size="small"
        loading={q.isLoading}
        columns={columns}
        dataSource={data?.entries ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Chưa có số liệu đo' }}
        pagination={{ current: page, pageSize: 10, total: data?.pagination.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}
