import type { ResourceDef } from '@nns/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the editor is stored only after this pass: formatting, links, images and tables stay;
 * scripts, styles, frames, event handlers and javascript: URLs go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const cleanHtml = (html: string) => sanitizeHtml(html, OPTIONS);

/**
 * Every rich-text field of a body is cleaned here, by its kind, inside the one write path
 * (core/write-path.ts): a resource declared tomorrow with a richtext field is cleaned without a hook.
 */
export function cleanRichText(def: ResourceDef, data: Record<string, unknown>) {
  for (const [k, f] of Object.entries(def.fields)) if (f.kind === 'richtext' && typeof data[k] === 'string') data[k] = cleanHtml(data[k] as string);
  return data;
}
