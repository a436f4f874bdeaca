import {
  BoldOutlined,
  FileImageOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  YoutubeOutlined,
} from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Dropdown, Input, Modal, Select, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { client } from '../client';
import { notify } from '../feedback';
import { useSession } from '../session';
import { MediaPicker } from './media-picker';

/** The rich-text editor's toolbar: headings, marks, lists, link, table, image (uploaded or from the library), video, undo. */
const HEADINGS = [
  { value: 0, label: 'Đoạn văn' },
  { value: 2, label: 'Tiêu đề lớn' },
  { value: 3, label: 'Tiêu đề nhỏ' },
];

function ToolButton({ title, icon, active, onClick, disabled }: { title: string; icon: ReactNode; active?: boolean; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        // keep the selection in the editor
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

type Ask = { kind: 'link' | 'video'; value: string } | null;

export function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive('heading', { level: 2 }) ? 2 : e.isActive('heading', { level: 3 }) ? 3 : 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const [ask, setAsk] = useState<Ask>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const { can } = useSession();
  const file = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  const onImage = async (f: File | undefined) => {
    if (!f) return;
    setBusy(true);
    const env = await client.upload(f);
    setBusy(false);
    if (file.current) file.current.value = '';
    if (env?.code === 200 && env.data?.url)
      chain()
        .setImage({ src: env.data.url, alt: f.name.replace(/\.[^.]+$/, '') })
        .run();
    else notify.error(`Không tải lên được ${f.name}`, env?.message);
  };

  const confirm = () => {
    if (!ask) return;
    const v = ask.value.trim();
    if (ask.kind === 'link') {
      if (!v) chain().extendMarkRange('link').unsetLink().run();
      else
        chain()
          .extendMarkRange('link')
          .setLink({ href: /^(https?:|mailto:|tel:)/i.test(v) ? v : `https://${v}` })
          .run();
    } else if (v && !chain().setYoutubeVideo({ src: v }).run()) {
      notify.error('Địa chỉ video không hợp lệ', 'Dán địa chỉ một video YouTube, ví dụ https://www.youtube.com/watch?v=…');
      return;
    }
    setAsk(null);
  };

  const tableItems = [
    { key: 'insert', label: 'Chèn bảng 3 × 3', disabled: state.table },
    { key: 'row', label: 'Thêm hàng bên dưới', disabled: !state.table },
    { key: 'col', label: 'Thêm cột bên phải', disabled: !state.table },
    { key: 'delRow', label: 'Xóa hàng', disabled: !state.table },
    { key: 'delCol', label: 'Xóa cột', disabled: !state.table },
    { key: 'delTable', label: 'Xóa bảng', danger: true, disabled: !state.table },
  ];
  const onTable = (key: string) => {
    const c = chain();
    if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    else if (key === 'row') c.addRowAfter().run();
    else if (key === 'col') c.addColumnAfter().run();
    else if (key === 'delRow') c.deleteRow().run();
    else if (key === 'delCol') c.deleteColumn().run();
    else if (key === 'delTable') c.deleteTable().run();
  };

  return (
    <div className="nns-richtext-toolbar" role="toolbar" aria-label="Định dạng văn bản">
      <Select
        size="small"
        aria-label="Kiểu đoạn"
        value={state.heading}
        options={HEADINGS}
        style={{ width: 120 }}
        onChange={(level: number) =>
          level
            ? chain()
                .setHeading({ level: level as 2 | 3 })
                .run()
            : chain().setParagraph().run()
        }
      />
      <span className="nns-richtext-sep" />
      <ToolButton title="In đậm" icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton title="In nghiêng" icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton title="Gạch chân" icon={<UnderlineOutlined />} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton title="Gạch ngang" icon={<StrikethroughOutlined />} active={state.strike} onClick={() => chain().toggleStrike().run()} />
      <span className="nns-richtext-sep" />
      <ToolButton title="Danh sách gạch đầu dòng" icon={<UnorderedListOutlined />} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton title="Danh sách đánh số" icon={<OrderedListOutlined />} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <span className="nns-richtext-sep" />
      <ToolButton
        title="Chèn liên kết"
        icon={<LinkOutlined />}
        active={state.link}
        onClick={() => setAsk({ kind: 'link', value: (editor.getAttributes('link').href as string | undefined) ?? '' })}
      />
      <Dropdown trigger={['click']} menu={{ items: tableItems, onClick: ({ key }) => onTable(key) }}>
        <Tooltip title="Bảng">
          <Button type={state.table ? 'primary' : 'text'} size="small" icon={<TableOutlined />} aria-label="Bảng" onMouseDown={(e) => e.preventDefault()} />
        </Tooltip>
      </Dropdown>
      <ToolButton title="Chèn ảnh (tải lên)" icon={<PictureOutlined />} disabled={busy} onClick={() => file.current?.click()} />
      {can('list', 'config_image') && <ToolButton title="Chọn ảnh từ thư viện" icon={<FileImageOutlined />} onClick={() => setPicking(true)} />}
      <ToolButton title="Chèn video YouTube" icon={<YoutubeOutlined />} onClick={() => setAsk({ kind: 'video', value: '' })} />
      <span className="nns-richtext-sep" />
      <ToolButton title="Hoàn tác" icon={<UndoOutlined />} disabled={!state.undo} onClick={() => chain().undo().run()} />
      <ToolButton title="Làm lại" icon={<RedoOutlined />} disabled={!state.redo} onClick={() => chain().redo().run()} />
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        style={{ display: 'none' }}
        aria-label="Chọn ảnh để chèn"
        onChange={(e) => void onImage(e.target.files?.[0])}
      />
      {/* mounted only while picking: the picker's query needs nothing from a form that never opens it */}
      {picking && (
        <MediaPicker
          open
          onClose={() => setPicking(false)}
          onPick={(img) => {
            setPicking(false);
            chain()
              .setImage({ src: img.file, alt: img.alt || img.title || '', title: img.title || undefined })
              .run();
          }}
        />
      )}
      <Modal
        open={!!ask}
        title={ask?.kind === 'video' ? 'Chèn video YouTube' : 'Chèn liên kết'}
        okText={ask?.kind === 'link' && !ask.value.trim() ? 'Gỡ liên kết' : 'Chèn'}
        cancelText="Hủy"
        onOk={confirm}
        onCancel={() => setAsk(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label={ask?.kind === 'video' ? 'Địa chỉ video YouTube' : 'Địa chỉ liên kết'}
          placeholder={ask?.kind === 'video' ? 'https://www.youtube.com/watch?v=…' : 'https://…'}
          value={ask?.value ?? ''}
          onChange={(e) => setAsk((a) => (a ? { ...a, value: e.target.value } : a))}
          onPressEnter={confirm}
        />
      </Modal>
    </div>
  );
}
