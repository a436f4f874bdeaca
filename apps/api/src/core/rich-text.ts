import type { ResourceDef } from '@nns/shared';
import { plainSpaces } from '@nns/shared/rich-text';
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
    // a video embedded by the editor (TipTap's YouTube node) or an article's Vimeo video: only those players, see allowedIframeHostnames
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    div: ['data-youtube-video'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title', 'loading'],
    '*': ['class'],
  },
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'youtube.com', 'player.vimeo.com'],
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  // a frame whose address is not an allowed video page loses its src above, and then goes entirely
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Sanitised, and no non-breaking space between words (packages/shared/src/rich-text.ts). */
export const cleanHtml = (html: string) => plainSpaces(sanitizeHtml(html, OPTIONS));

/**
 * Every rich-text field of a body is cleaned here, by its kind, inside the one write path
 * (core/write-path.ts): a resource declared tomorrow with a richtext field is cleaned without a hook.
 */
export function cleanRichText(def: ResourceDef, data: Record<string, unknown>) {
  for (const [k, f] of Object.entries(def.fields)) if (f.kind === 'richtext' && typeof data[k] === 'string') data[k] = cleanHtml(data[k] as string);
  return data;
}
