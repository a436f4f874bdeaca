import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../client', () => ({ client: { upload: vi.fn() } }));
const { default: RichTextEditor, cleanWordHtml } = await import('./rich-text-editor');

afterEach(cleanup);
// jsdom has no ClipboardEvent; ProseMirror's pasteHTML only creates one to pass along
(globalThis as { ClipboardEvent?: unknown }).ClipboardEvent ??= class extends Event {
  clipboardData = null;
};

/** The TipTap editor behind the rendered contenteditable (TipTap keeps it on the element). */
async function editorOf(container: HTMLElement): Promise<Editor> {
  await waitFor(() => expect(container.querySelector('.ProseMirror')).toBeTruthy());
  return (container.querySelector('.ProseMirror') as HTMLElement & { editor: Editor }).editor;
}

const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{margin:0}</style></head>
<body><!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]-->
<p class=MsoNormal style='margin-bottom:0cm;line-height:normal'><b><span lang=VI style='font-size:12.0pt;font-family:"Times New Roman"'>Cà&nbsp;phê Arabica</span></b><span style='mso-spacerun:yes'>&nbsp;</span><span lang=VI>Cầu&nbsp;Đất</span><o:p></o:p></p>
<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><span style='font-family:Symbol;mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;</span></span><span>Độ cao 1.500&nbsp;m</span><o:p>&nbsp;</o:p></p>
</body></html>`;

describe('rich-text editor (TipTap)', () => {
  it('hands the form plain spaces between words, never U+00A0', async () => {
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor value="" onChange={onChange} />);
    const editor = await editorOf(container);
    act(() => {
      editor.commands.insertContent('Cà phê Arabica Cầu Đất, trồng ở độ cao 1.500 m');
    });
    const html = onChange.mock.calls.at(-1)?.[0] as string;
    expect(html).toBe('<p>Cà phê Arabica Cầu Đất, trồng ở độ cao 1.500 m</p>');
    expect(html).not.toMatch(/\u00a0|&nbsp;/);
  });

  it('repairs stored Quill HTML on the next edit, and loading a record is no edit', async () => {
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor value={'<p>Gạo\u00a0ST25&nbsp;Sóc\u00a0Trăng</p>'} onChange={onChange} />);
    const editor = await editorOf(container);
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent(' ngon');
    });
    expect(onChange.mock.calls.at(-1)?.[0]).toBe('<p>Gạo ST25 Sóc Trăng ngon</p>');
  });

  it('cleans a paste from Word: no mso classes, styles, o:p, comments or empty spans', async () => {
    const cleaned = cleanWordHtml(WORD);
    for (const bad of ['Mso', 'mso-', 'o:p', 'style=', '<!--', 'w:WordDocument', '<span', 'font-family', '·', '\u00a0', '&nbsp;']) {
      expect(cleaned).not.toContain(bad);
    }
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor value="" onChange={onChange} />);
    const editor = await editorOf(container);
    act(() => {
      editor.view.pasteHTML(WORD);
    });
    const html = onChange.mock.calls.at(-1)?.[0] as string;
    expect(html).toContain('<strong>Cà phê Arabica</strong> Cầu Đất');
    expect(html).toContain('Độ cao 1.500 m');
    for (const bad of ['Mso', 'style=', 'o:p', '<span', '\u00a0']) expect(html).not.toContain(bad);
  });

  it('keeps tables, images and YouTube videos', async () => {
    const onChange = vi.fn();
    const { container } = render(<RichTextEditor value="" onChange={onChange} />);
    const editor = await editorOf(container);
    act(() => {
      editor.chain().insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run();
      editor.chain().focus('end').setImage({ src: '/uploads/2026/cafe.jpg', alt: 'Cà phê' }).run();
      editor.chain().focus('end').setYoutubeVideo({ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).run();
    });
    const html = onChange.mock.calls.at(-1)?.[0] as string;
    expect(html).toContain('<table');
    expect(html).toContain('<img src="/uploads/2026/cafe.jpg" alt="Cà phê">');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
