/**
 * Spaces in rich text. Quill 2 stored a non-breaking space (U+00A0 or &nbsp;) for every space, so
 * words broke mid-word on phones. A run of them after a word (or opening a text before a word) is one
 * plain space; a paragraph holding only a non-breaking space (an empty line the author wanted) stays.
 * Used by the editor (web), the server's clean-up on every write (apps/api/src/core/rich-text.ts); the
 * same pattern repairs stored rows in the migration repair_rich_text_nbsp.
 */
const NBSP_RUN = '(?:&nbsp;|&#160;|&#x0*a0;|\\u00a0)+';
const NBSP_BETWEEN_WORDS = new RegExp(`(?<=[^\\s>])${NBSP_RUN}|(?<=>)${NBSP_RUN}(?=[^\\s<])`, 'gi');

export const plainSpaces = (html: string) => html.replace(NBSP_BETWEEN_WORDS, ' ');
