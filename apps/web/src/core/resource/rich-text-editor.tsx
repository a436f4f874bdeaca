import 'react-quill-new/dist/quill.snow.css';
import './rich-text.css';
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';

/**
 * Rich text with Quill 2 (react-quill-new, the maintained React 19 fork of react-quill): one small
 * dependency, a toolbar people know, HTML out. Loaded lazily (see field-widget.tsx) so only forms
 * with a rich-text field pay for it; the server sanitises the HTML before storing it.
 */
const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'blockquote'],
  ['clean'],
];

/** Vietnamese hover captions of the toolbar buttons (Quill renders them without any) */
const TITLES: [selector: string, title: string][] = [
  ['.ql-header', 'Kiểu đoạn'],
  ['.ql-bold', 'In đậm'],
  ['.ql-italic', 'In nghiêng'],
  ['.ql-underline', 'Gạch chân'],
  ['.ql-strike', 'Gạch ngang'],
  ['.ql-list[value="ordered"]', 'Danh sách đánh số'],
  ['.ql-list[value="bullet"]', 'Danh sách gạch đầu dòng'],
  ['.ql-link', 'Chèn liên kết'],
  ['.ql-blockquote', 'Trích dẫn'],
  ['.ql-clean', 'Xóa định dạng'],
];

export default function RichTextEditor({ value, onChange, id }: { value?: string | null; onChange?: (v: string) => void; id?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const [selector, title] of TITLES) {
      for (const el of box.current?.querySelectorAll(`.ql-toolbar ${selector}`) ?? []) {
        el.setAttribute('title', title);
        el.setAttribute('aria-label', title);
      }
    }
  }, []);
  return (
    <div id={id} ref={box} className="nns-richtext-editor">
      <ReactQuill
        theme="snow"
        value={value ?? ''}
        // an editor emptied by the user leaves '<p><br></p>': that is an empty value
        // only the user's edits count: Quill normalising the loaded HTML must not mark the form as changed
        onChange={(html, _delta, source) => source === 'user' && onChange?.(html === '<p><br></p>' ? '' : html)}
        modules={{ toolbar: TOOLBAR }}
        placeholder="Nhập nội dung..."
      />
    </div>
  );
}
