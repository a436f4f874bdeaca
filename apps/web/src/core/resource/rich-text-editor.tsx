import './rich-text.css';
import { plainSpaces } from '@nns/shared/rich-text';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import Youtube from '@tiptap/extension-youtube';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { Toolbar } from './rich-text-toolbar';

/**
 * Rich text with TipTap (ProseMirror): its HTML keeps plain spaces (Quill 2 wrote U+00A0 for every
 * space, so words broke mid-word on phones), its schema keeps only what the toolbar offers (so a paste
 * from Word loses its mso classes and styles), and it has tables, images and videos. Loaded lazily (see
 * field-widget.tsx) so only forms with a rich-text field pay for it; the server sanitises the HTML
 * again before storing it (apps/api/src/core/rich-text.ts).
 */

/**
 * Word's clipboard HTML made plain: conditional comments, o:p and other Office elements, Word's list
 * bullets (mso-list:Ignore), every class, style and lang attribute, and then the spans left bare go;
 * non-breaking spaces become spaces. TipTap's schema then keeps only what the toolbar offers.
 */
export function cleanWordHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.parentNode?.removeChild(c);
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (tag.includes(':') || ['style', 'meta', 'link', 'xml', 'script'].includes(tag) || /mso-list:\s*Ignore/i.test(el.getAttribute('style') ?? '')) {
      el.remove();
      continue;
    }
    for (const attr of ['class', 'style', 'lang']) el.removeAttribute(attr);
  }
  for (const span of Array.from(doc.body.querySelectorAll('span'))) if (span.attributes.length === 0) span.replaceWith(...Array.from(span.childNodes));
  const text = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  while (text.nextNode()) text.currentNode.nodeValue = (text.currentNode.nodeValue ?? '').replace(/\u00a0/g, ' ');
  return doc.body.innerHTML;
}

/** The editor's HTML as the form keeps it: '' for an empty editor, plain spaces between words. */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : plainSpaces(editor.getHTML());
}

export default function RichTextEditor({
  value,
  onChange,
  id,
  label,
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  id?: string;
  /** the field's name, read out for the editing area (a form label does not name a contenteditable div) */
  label?: string;
}) {
  // the last HTML this editor handed to the form: a value coming back equal to it is not loaded again
  const emitted = useRef<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: false }),
      Youtube.configure({ nocookie: true, width: 640, height: 360 }),
      Placeholder.configure({ placeholder: 'Nhập nội dung...' }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'nns-richtext-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label ?? 'Nội dung',
      },
      transformPastedHTML: cleanWordHtml,
      transformPastedText: (text) => text.replace(/\u00a0/g, ' '),
    },
    // only the user's edits count: loading a record must not mark the form as changed
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      emitted.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next === emitted.current || next === editorHtml(editor)) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="nns-richtext-editor">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
