import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '../src/db/migrate';
import { call, makeApp, type TestApp } from './helpers';

/**
 * Rich text stays text (issue 18, item 2): no non-breaking space between words is stored, on a write
 * (core/rich-text.ts) nor in the rows an older editor left (migration repair_rich_text_nbsp); a YouTube
 * video survives the clean-up, another site's frame does not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => t?.close());

const NBSP_BETWEEN_WORDS = /[^\s>](?:\u00a0|&nbsp;|&#160;)/i;

describe('rich text of a product', () => {
  it('saved through the API holds no U+00A0 between words', async () => {
    // what Quill 2's getSemanticHTML sent: every space a non-breaking one
    const quill = '<p>Cà\u00a0phê\u00a0Arabica\u00a0<strong>Cầu\u00a0Đất</strong>&nbsp;trồng ở độ cao\u00a0\u00a01.500&nbsp;m</p><p>&nbsp;</p>';
    const r = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-NBSP', name: 'Cà phê Arabica Cầu Đất', description: quill } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data.entry.description as string;
    expect(d).not.toMatch(NBSP_BETWEEN_WORDS);
    expect(d).toContain('<p>Cà phê Arabica <strong>Cầu Đất</strong> trồng ở độ cao 1.500 m</p>');
    const [row] = await t.database.query<{ description: string }>(sql`select description from products where code = 'SP-NBSP'`);
    expect(row.description).not.toMatch(NBSP_BETWEEN_WORDS);
    const u = await call(t, 'PUT', `/api/admin/products/${r.body.data.entry.id}`, { body: { description: '<p>Hạt\u00a0tiêu&#160;đen</p>' } });
    expect(u.body.data.entry.description).toBe('<p>Hạt tiêu đen</p>');
  });

  it('keeps an embedded YouTube video, drops a frame of another site', async () => {
    const html =
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="480" allowfullscreen="true"></iframe></div>' +
      '<iframe src="https://evil.example/x"></iframe>';
    const r = await call(t, 'POST', '/api/admin/products', { body: { code: 'SP-VIDEO', name: 'Chè Thái Nguyên', description: html } });
    const d = r.body.data.entry.description as string;
    expect(d).toContain('<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(d).not.toContain('evil.example');
    expect(d.match(/<iframe/g)).toHaveLength(1);
  });
});

describe('migration repair_rich_text_nbsp', () => {
  it('repairs a stored row: nbsp between words → spaces, an empty paragraph kept', async () => {
    const stored = '<p>Gạo\u00a0ST25&nbsp;<em>Sóc\u00a0Trăng</em>&#160;ngon</p><p>&nbsp;</p><p>\u00a0Đầu dòng</p>';
    const [p] = await t.database.query<{ id: number }>(
      sql`insert into products (code, name, description, status, search_text) values ('SP-OLD', 'Gạo ST25', ${stored}, 'pending', 'gao st25') returning id`,
    );
    const [untouched] = await t.database.query<{ id: number }>(
      sql`insert into products (code, name, description, status, search_text) values ('SP-OLD2', 'Gạo', '<p>Không có gì</p>', 'pending', 'gao') returning id`,
    );
    const m = knownMigrations().find((x) => x.tag.endsWith('_repair_rich_text_nbsp'));
    expect(m, 'the migration is committed').toBeTruthy();
    for (const stmt of m?.sql ?? []) if (stmt.trim()) await t.database.query(sql.raw(stmt));
    const [row] = await t.database.query<{ description: string }>(sql`select description from products where id = ${p.id}`);
    expect(row.description).toBe('<p>Gạo ST25 <em>Sóc Trăng</em> ngon</p><p>&nbsp;</p><p> Đầu dòng</p>');
    const [same] = await t.database.query<{ description: string }>(sql`select description from products where id = ${untouched.id}`);
    expect(same.description).toBe('<p>Không có gì</p>');
  });
});
