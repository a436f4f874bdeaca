import 'react-quill-new/dist/quill.snow.css';
import './rich-text.css';
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

export default function RichTextEditor({ value, onChange, id }: { value?: string | null; onChange?: (v: string) => void; id?: string }) {
  return (
    <div id={id} className="nns-richtext-editor">
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
