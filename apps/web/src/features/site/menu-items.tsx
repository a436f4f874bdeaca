import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { MENU_LINK_KINDS, MENU_MAX_DEPTH, type MenuItem } from '@nns/shared/site';
import { useQuery } from '@tanstack/react-query';
import type { TreeDataNode, TreeProps } from 'antd';
import { Button, Card, Checkbox, Empty, Form, Input, InputNumber, Select, Space, Tag, Tooltip, Tree, Typography } from 'antd';
import { useState } from 'react';
import { client } from '../../core/client';
import { addChild, depthOfKey, findPath, moveItem, newKey, nudge, take, updateItem } from './menu-tree';

const kindLabel = (k: string) => MENU_LINK_KINDS.find((o) => o.value === k)?.label ?? k;
const target = (i: MenuItem) => (i.kind === 'url' ? (i.url ?? '') : `${kindLabel(i.kind)} #${i.ref_id ?? '?'}`);

function toNodes(items: MenuItem[]): TreeDataNode[] {
  return items.map((i) => ({
    key: i.key,
    title: (
      <span className="site-menu-node" data-testid={`menu-item-${i.title}`}>
        <HolderOutlined aria-hidden style={{ color: '#8c8c8c', marginRight: 6 }} />
        <span>{i.title}</span>
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {target(i)}
        </Typography.Text>
        {i.new_tab ? <Tag style={{ marginLeft: 6 }}>tab mới</Tag> : null}
      </span>
    ),
    children: i.children ? toNodes(i.children) : undefined,
  }));
}

/** A page of articles or categories to link to, as picker options (the code tells whether the list could be read). */
async function refsOf(kind: 'article' | 'category', search: string, signal: AbortSignal): Promise<{ code: number; entries: { id: number; label: string }[] }> {
  const query = { limit: 20, ...(search ? { search } : {}) };
  if (kind === 'article') {
    const env = await client.GET('/api/admin/articles', { params: { query }, signal });
    return { code: env.code, entries: env.code === 200 ? env.data.entries.map((e) => ({ id: e.id, label: e.title || `#${e.id}` })) : [] };
  }
  const env = await client.GET('/api/admin/categories', { params: { query }, signal });
  return { code: env.code, entries: env.code === 200 ? env.data.entries.map((e) => ({ id: e.id, label: e.name || `#${e.id}` })) : [] };
}

/** Articles or categories to link to, when content-a's lists exist; otherwise the id is typed. */
function RefPicker({ kind, value, onChange }: { kind: 'article' | 'category'; value?: number | null; onChange: (v: number | null) => void }) {
  const [search, setSearch] = useState('');
  const path = kind === 'article' ? 'articles' : 'categories';
  const q = useQuery({
    queryKey: ['menu-ref', path, search],
    queryFn: ({ signal }) => refsOf(kind, search, signal),
    staleTime: 30_000,
  });
  const label = kind === 'article' ? 'Bài viết' : 'Chuyên mục';
  if (q.data && q.data.code !== 200) {
    return (
      <InputNumber aria-label={`Mã ${label.toLowerCase()}`} min={1} style={{ width: '100%' }} value={value ?? null} onChange={(v) => onChange(v ?? null)} />
    );
  }
  const entries = q.data?.entries ?? [];
  return (
    <Select
      aria-label={label}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={q.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      placeholder={`Chọn ${label.toLowerCase()}`}
      options={[
        ...entries.map((e) => ({ value: e.id, label: e.label })),
        ...(value && !entries.some((e) => e.id === value) ? [{ value, label: `#${value}` }] : []),
      ]}
      allowClear
    />
  );
}

/** The menu's tree: drag to reorder, drop on an item to nest under it; buttons do the same from the keyboard. */
export function MenuItemsInput({ value, onChange, id }: { value?: MenuItem[] | null; onChange?: (v: MenuItem[]) => void; id?: string }) {
  const items = value ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  // every item with children is open unless closed by hand, so a freshly nested item stays in view
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const parents = (xs: MenuItem[]): string[] => xs.flatMap((i) => (i.children?.length ? [i.key, ...parents(i.children)] : []));
  const expandedKeys = parents(items).filter((k) => !closed.has(k));
  const set = (next: MenuItem[]) => onChange?.(next);
  const sel = selected
    ? (() => {
        const p = findPath(items, selected);
        if (!p) return null;
        let list = items;
        let node: MenuItem | null = null;
        for (const i of p) {
          node = list[i];
          list = node.children ?? [];
        }
        return node;
      })()
    : null;

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    const pos = info.node.pos.split('-');
    const rel = info.dropPosition - Number(pos[pos.length - 1]);
    const where = !info.dropToGap ? 'into' : rel === -1 ? 'before' : 'after';
    const next = moveItem(items, dragKey, dropKey, where);
    if (depthOfKey(next, dragKey) + subtreeDepth(next, dragKey) - 1 > MENU_MAX_DEPTH) return;
    set(next);
  };
  const add = (parent: string | null) => {
    const item: MenuItem = { key: newKey(), title: 'Mục mới', kind: 'url', url: '/' };
    set(addChild(items, parent, item));
    setSelected(item.key);
  };
  const patch = (p: Partial<MenuItem>) => selected && set(updateItem(items, selected, p));
  const canNest = selected ? depthOfKey(items, selected) < MENU_MAX_DEPTH : false;

  return (
    <div id={id} className="site-menu-editor" data-testid="menu-items">
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Card
          size="small"
          title="Cấu trúc menu"
          style={{ flex: '1 1 360px', minWidth: 300 }}
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => add(null)}>
              Thêm mục
            </Button>
          }
        >
          {items.length ? (
            <Tree
              draggable={{ icon: false }}
              blockNode
              expandedKeys={expandedKeys}
              onExpand={(_keys, info) => {
                const next = new Set(closed);
                if (info.expanded) next.delete(String(info.node.key));
                else next.add(String(info.node.key));
                setClosed(next);
              }}
              treeData={toNodes(items)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
              onDrop={onDrop}
              aria-label="Các mục menu"
            />
          ) : (
            <Empty description="Menu chưa có mục nào" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            Kéo thả để sắp xếp; thả vào giữa một mục để đặt làm mục con (tối đa {MENU_MAX_DEPTH} cấp).
          </Typography.Paragraph>
        </Card>
        <Card size="small" title={sel ? `Mục: ${sel.title}` : 'Chọn một mục để sửa'} style={{ flex: '1 1 320px', minWidth: 280 }}>
          {sel ? (
            <Form layout="vertical" component="div">
              <Space wrap style={{ marginBottom: 12 }}>
                <Tooltip title="Lên">
                  <Button aria-label="Đưa mục lên" icon={<ArrowUpOutlined />} onClick={() => set(nudge(items, sel.key, 'up'))} />
                </Tooltip>
                <Tooltip title="Xuống">
                  <Button aria-label="Đưa mục xuống" icon={<ArrowDownOutlined />} onClick={() => set(nudge(items, sel.key, 'down'))} />
                </Tooltip>
                <Tooltip title="Ra ngoài một cấp">
                  <Button aria-label="Ra ngoài một cấp" icon={<ArrowLeftOutlined />} onClick={() => set(nudge(items, sel.key, 'outdent'))} />
                </Tooltip>
                <Tooltip title="Vào trong một cấp">
                  <Button aria-label="Vào trong một cấp" icon={<ArrowRightOutlined />} onClick={() => set(nudge(items, sel.key, 'indent'))} />
                </Tooltip>
                <Button icon={<PlusOutlined />} disabled={!canNest} onClick={() => add(sel.key)}>
                  Thêm mục con
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    set(take(items, sel.key)[0]);
                    setSelected(null);
                  }}
                >
                  Xóa mục
                </Button>
              </Space>
              <Form.Item label="Tên mục" required>
                <Input aria-label="Tên mục" value={sel.title} maxLength={120} onChange={(e) => patch({ title: e.target.value })} />
              </Form.Item>
              <Form.Item label="Liên kết tới">
                <Select
                  aria-label="Liên kết tới"
                  value={sel.kind}
                  options={MENU_LINK_KINDS.map((o) => ({ value: o.value, label: o.label }))}
                  onChange={(kind) => patch({ kind, ...(kind === 'url' ? { ref_id: null } : { url: null }) })}
                />
              </Form.Item>
              {sel.kind === 'url' ? (
                <Form.Item label="Đường dẫn" required help="Bắt đầu bằng http://, https:// hoặc /">
                  <Input aria-label="Đường dẫn" value={sel.url ?? ''} maxLength={500} onChange={(e) => patch({ url: e.target.value })} />
                </Form.Item>
              ) : (
                <Form.Item label={sel.kind === 'article' ? 'Bài viết' : 'Chuyên mục'} required>
                  <RefPicker key={sel.kind} kind={sel.kind} value={sel.ref_id} onChange={(ref_id) => patch({ ref_id })} />
                </Form.Item>
              )}
              <Checkbox checked={!!sel.new_tab} onChange={(e) => patch({ new_tab: e.target.checked })}>
                Mở trong tab mới
              </Checkbox>
            </Form>
          ) : (
            <Typography.Text type="secondary">Bấm vào một mục bên trái để đổi tên, đường dẫn hoặc di chuyển bằng bàn phím.</Typography.Text>
          )}
        </Card>
      </div>
    </div>
  );
}

function subtreeDepth(items: MenuItem[], key: string): number {
  const p = findPath(items, key);
  if (!p) return 0;
  let list = items;
  let node: MenuItem | undefined;
  for (const i of p) {
    node = list[i];
    list = node.children ?? [];
  }
  const d = (xs: MenuItem[]): number => xs.reduce((m, x) => Math.max(m, 1 + d(x.children ?? [])), 0);
  return node ? 1 + d(node.children ?? []) : 0;
}

/** Read-only: the tree as nested lists. */
export function MenuItemsView({ value, compact }: { value: unknown; compact?: boolean }) {
  const items = (Array.isArray(value) ? value : []) as MenuItem[];
  if (compact) return <span>{items.length} mục</span>;
  const list = (xs: MenuItem[]) => (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {xs.map((i) => (
        <li key={i.key}>
          {i.title} <Typography.Text type="secondary">({target(i)})</Typography.Text>
          {i.children?.length ? list(i.children) : null}
        </li>
      ))}
    </ul>
  );
  return items.length ? list(items) : <span>Không có dữ liệu</span>;
}
