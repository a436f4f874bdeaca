import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleViewsOf } from '../src/modules/content/article-views';
import contentDemo from '../src/modules/content/demo.module';
import { DEMO_ARTICLES } from '../src/modules/content/demo-data';
import { call, makeApp, makeUser, type TestApp, upload, uploadedImageUrl } from './helpers';

let t: TestApp;
let editor: string;
let approver: string;
const EDITOR = ['list', 'read', 'create', 'update', 'menu'].flatMap((a) => ['articles', 'tags', 'config_image'].map((s) => `${a}:${s}`));
beforeAll(async () => {
  t = await makeApp();
  editor = (await makeUser(t, { perms: EDITOR })).token;
  approver = (await makeUser(t, { perms: [...EDITOR, 'approve:articles'] })).token;
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const ok = (r: Awaited<ReturnType<typeof call>>) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const web = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const webSlugs = async (q = '') => (await web(`/api/web/articles?limit=50${q}`)).json().data.entries.map((e: { slug: string }) => e.slug) as string[];

let n = 0;
async function article(token = editor, extra: Record<string, unknown> = {}) {
  n++;
  return ok(await call(t, 'POST', '/api/admin/articles', { token, body: { title: `Bài thử ${n}`, content: `<p>Nội dung ${n}</p>`, ...extra } })).entry;
}
/** an article taken to 'approved' by the editor (submit) and the approver (approve) */
async function approved(extra: Record<string, unknown> = {}) {
  const a = await article(editor, extra);
  ok(await call(t, 'PUT', `/api/admin/articles/submit/${a.id}`, { token: editor }));
  ok(await call(t, 'PUT', `/api/admin/articles/approve/${a.id}`, { token: approver }));
  return a;
}

describe('slugs (spec §3)', () => {
  it('follow the rule on Vietnamese titles and stay unique with -2, -3', async () => {
    const title = 'Đường đi Đà Lạt — mùa hoa 2026!';
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await article(editor, { title })).slug);
    expect(slugs).toEqual(['duong-di-da-lat-mua-hoa-2026', 'duong-di-da-lat-mua-hoa-2026-2', 'duong-di-da-lat-mua-hoa-2026-3']);
  });

  it('tags are made on the fly, found again by name, with their own slugs', async () => {
    const first = ok(await call(t, 'POST', '/api/admin/tags/ensure', { token: editor, body: { names: ['Cà phê Robusta', 'Sầu riêng'] } })).entries;
    expect(first.map((x: { slug: string }) => x.slug)).toEqual(['ca-phe-robusta', 'sau-rieng']);
    const again = ok(await call(t, 'POST', '/api/admin/tags/ensure', { token: editor, body: { names: ['cà phê robusta', 'Cà-phê Robusta'] } })).entries;
    expect(again[0].id).toBe(first[0].id);
    expect(again[1].slug).toBe('ca-phe-robusta-2');
    const bad = await call(t, 'POST', '/api/admin/tags/ensure', { token: editor, body: { names: ['!!!'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].message).toBe('Tên thẻ phải có chữ cái hoặc chữ số');
  });
});

describe('workflow: draft → pending → approved → published → taken down', () => {
  it('each move by its permission and from its state only, audited', async () => {
    const a = await article();
    expect(a).toMatchObject({ status: 'draft', is_published: false });
    // the editor cannot approve or publish
    expect((await call(t, 'PUT', `/api/admin/articles/approve/${a.id}`, { token: editor })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: editor })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/articles/change-hot/${a.id}`, { token: editor })).status).toBe(403);
    // approve before submit: refused by state
    expect((await call(t, 'PUT', `/api/admin/articles/approve/${a.id}`, { token: approver })).status).toBe(409);
    expect(ok(await call(t, 'PUT', `/api/admin/articles/submit/${a.id}`, { token: editor })).entry.status).toBe('pending');
    expect((await call(t, 'PUT', `/api/admin/articles/submit/${a.id}`, { token: editor })).status).toBe(409);
    // approve takes no body
    expect((await call(t, 'PUT', `/api/admin/articles/approve/${a.id}`, { token: approver, body: { status: 'approved' } })).status).toBe(400);
    expect(ok(await call(t, 'PUT', `/api/admin/articles/approve/${a.id}`, { token: approver })).entry.status).toBe('approved');
    expect(await webSlugs()).not.toContain(a.slug);
    // take down before publishing: nothing to take down
    expect((await call(t, 'PUT', `/api/admin/articles/take-down/${a.id}`, { token: approver, body: { reason: 'x' } })).status).toBe(409);
    const pub = ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver })).entry;
    expect(pub.is_published).toBe(true);
    expect(await webSlugs()).toContain(a.slug);
    expect(ok(await call(t, 'PUT', `/api/admin/articles/change-hot/${a.id}`, { token: approver })).entry.is_hot).toBe(true);
    expect(ok(await call(t, 'PUT', `/api/admin/articles/change-highlight/${a.id}`, { token: approver })).entry.is_highlight).toBe(true);
    // an editor may not change a published article
    expect((await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { title: 'Sửa' } })).status).toBe(409);
    // take down: the reason is required, and shown in the list
    const noReason = await call(t, 'PUT', `/api/admin/articles/take-down/${a.id}`, { token: approver, body: { reason: '  ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors).toEqual([{ field: 'reason', message: 'Lý do gỡ bài bắt buộc' }]);
    expect((await call(t, 'PUT', `/api/admin/articles/take-down/${a.id}`, { token: approver })).status).toBe(400);
    const down = ok(await call(t, 'PUT', `/api/admin/articles/take-down/${a.id}`, { token: approver, body: { reason: 'Số liệu giá chưa chính xác' } })).entry;
    expect(down).toMatchObject({ is_published: false, take_down_reason: 'Số liệu giá chưa chính xác' });
    expect(await webSlugs()).not.toContain(a.slug);
    expect((await web(`/api/web/articles/${a.slug}`)).statusCode).toBe(404);
    const list = ok(await call(t, 'GET', '/api/admin/articles', { token: approver, query: { search: a.title } })).entries;
    expect(list.find((x: { id: number }) => x.id === a.id).take_down_reason).toBe('Số liệu giá chưa chính xác');
    const audit = await t.database.query<{ action: string }>(
      sql`select action from audit_logs where subject = 'articles' and record_id = ${String(a.id)} order by id`,
    );
    expect(audit.map((x) => x.action)).toEqual(['create', 'submit', 'approve', 'change-publish', 'change-hot', 'change-highlight', 'take-down']);
  });

  it("an editor's change to a pending article sends it back to draft", async () => {
    const a = await article();
    ok(await call(t, 'PUT', `/api/admin/articles/submit/${a.id}`, { token: editor }));
    const e = ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { summary: 'Tóm tắt mới' } })).entry;
    expect(e.status).toBe('draft');
    // the workflow's fields are never taken from a body (set aside as an echo of GET)
    const echo = ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { status: 'approved', is_published: true } })).entry;
    expect(echo).toMatchObject({ status: 'draft', is_published: false });
    // an empty save of a published article by an editor is refused like any other
    const p = await approved();
    ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${p.id}`, { token: approver }));
    expect((await call(t, 'PUT', `/api/admin/articles/${p.id}`, { token: editor, body: {} })).status).toBe(409);
  });

  it('a scheduled article becomes public at its time (fake clock)', async () => {
    const a = await approved();
    const at = new Date(Date.now() + 2 * 3600_000).toISOString();
    const past = await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver, body: { published_at: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
    expect(past.body.data.errors[0].field).toBe('published_at');
    const e = ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver, body: { published_at: at } })).entry;
    expect(e.published_at).toBe(at);
    expect(await webSlugs()).not.toContain(a.slug);
    expect((await web(`/api/web/articles/${a.slug}`)).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(at) + 1000));
    expect(await webSlugs()).toContain(a.slug);
    expect((await web(`/api/web/articles/${a.slug}`)).statusCode).toBe(200);
  });
});

describe('rich text and images', () => {
  const XSS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">bấm</a>',
    '<a href="  JaVaScRiPt:alert(1)">bấm</a>',
    '<iframe src="https://ke-xau.example/"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<svg onload=alert(1)><circle/></svg>',
    '<p onclick="alert(1)" style="background:url(javascript:alert(1))">đoạn</p>',
    '<object data="ke-xau.swf"></object><embed src="ke-xau.swf">',
    '<form action="javascript:alert(1)"><input autofocus onfocus=alert(1)></form>',
    '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '"><script>alert(String.fromCharCode(88,83,83))</script>',
  ];
  const DANGER = /<script|ke-xau|<svg|<object|<embed|<style|<form|<input|<meta|\son\w+=|javascript:|data:text/i;

  it('the server keeps headings, lists, links, tables and YouTube/Vimeo frames, and drops the XSS corpus', async () => {
    const good =
      '<h2>Bón phân</h2><ul><li>Đạm</li></ul><p><a href="https://nongnghiep.vn">nguồn</a></p><table><tbody><tr><td>Giá</td></tr></tbody></table>' +
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div><iframe src="https://player.vimeo.com/video/76979871"></iframe>';
    const a = await article(editor, { content: good + XSS.join('') });
    const [row] = await t.database.query<{ content: string }>(sql`select content from articles where id = ${a.id}`);
    expect(row.content).not.toMatch(DANGER);
    for (const keep of [
      '<h2>Bón phân</h2>',
      '<li>Đạm</li>',
      'href="https://nongnghiep.vn"',
      '<td>Giá</td>',
      'youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'player.vimeo.com/video/76979871',
    ])
      expect(row.content).toContain(keep);
  });

  it('an article is published only when its library images have alt text; an image in use is not deleted', async () => {
    const url = await uploadedImageUrl(t);
    const img = ok(await call(t, 'POST', '/api/admin/images', { token: editor, body: { file: url, title: 'Vườn cà phê' } })).entry;
    expect(img).toMatchObject({ width: 40, height: 30, mime: 'image/png' });
    const a = await approved({ content: `<p>Ảnh:</p><img src="${url}">`, thumbnail: url });
    const refused = await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors[0].message).toContain('Vườn cà phê');
    ok(await call(t, 'PUT', `/api/admin/images/${img.id}`, { token: editor, body: { alt: 'Vườn cà phê Robusta đang ra hoa' } }));
    ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver }));

    const used = ok(await call(t, 'GET', `/api/admin/images/used-by/${img.id}`, { token: editor })).entries;
    expect(used).toEqual([{ kind: 'article', id: a.id, title: a.title }]);
    const del = await call(t, 'DELETE', `/api/admin/images/${img.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toContain(a.title);
    const free = ok(await call(t, 'POST', '/api/admin/images', { token: editor, body: { file: await uploadedImageUrl(t) } })).entry;
    ok(await call(t, 'DELETE', `/api/admin/images/${free.id}`));
  });
});

describe('thumbnail from the media library', () => {
  it('is an image of the library, named by its used-by list, which refuses its delete until the article lets it go', async () => {
    const url = await uploadedImageUrl(t);
    const img = ok(await call(t, 'POST', '/api/admin/images', { token: editor, body: { file: url, title: 'Ruộng lúa', alt: 'Ruộng lúa xanh' } })).entry;
    const stray = await call(t, 'POST', '/api/admin/articles', {
      token: editor,
      body: { title: 'Ảnh ngoài thư viện', content: '<p>x</p>', thumbnail: await uploadedImageUrl(t) },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.data.errors).toEqual([{ field: 'thumbnail', message: 'Ảnh đại diện phải được chọn từ thư viện ảnh' }]);
    // only the thumbnail shows the image (nothing in the text)
    const a = await article(editor, { thumbnail: url });
    expect(ok(await call(t, 'GET', `/api/admin/images/used-by/${img.id}`, { token: editor })).entries).toEqual([{ kind: 'article', id: a.id, title: a.title }]);
    const del = await call(t, 'DELETE', `/api/admin/images/${img.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toContain(`bài viết “${a.title}”`);
    // saving the article unchanged keeps it; removing the thumbnail frees the image
    ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { title: a.title, thumbnail: url } }));
    ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { thumbnail: null } }));
    expect(ok(await call(t, 'GET', `/api/admin/images/used-by/${img.id}`, { token: editor })).entries).toEqual([]);
    ok(await call(t, 'DELETE', `/api/admin/images/${img.id}`));
  });
});

describe('revisions', () => {
  it('every save keeps the previous version, which can be restored', async () => {
    const a = await article(editor, { title: 'Giá lúa tuần 1', content: '<p>Bản một</p>' });
    ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { content: '<p>Bản hai</p>' } }));
    ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { title: 'Giá lúa tuần 2', content: '<p>Bản ba</p>' } }));
    // a save that changes nothing keeps no revision
    ok(await call(t, 'PUT', `/api/admin/articles/${a.id}`, { token: editor, body: { content: '<p>Bản ba</p>' } }));
    const revs = ok(await call(t, 'GET', `/api/admin/articles/revisions/${a.id}`, { token: editor })).entries;
    expect(revs.map((r: { snapshot: { content: string } }) => r.snapshot.content)).toEqual(['<p>Bản hai</p>', '<p>Bản một</p>']);
    const back = ok(await call(t, 'PUT', `/api/admin/articles/restore-revision/${revs[1].id}`, { token: editor })).entry;
    expect(back).toMatchObject({ title: 'Giá lúa tuần 1', content: '<p>Bản một</p>' });
    const after = ok(await call(t, 'GET', `/api/admin/articles/revisions/${a.id}`, { token: editor })).entries;
    expect(after[0].snapshot).toMatchObject({ title: 'Giá lúa tuần 2', content: '<p>Bản ba</p>' });
    expect((await call(t, 'GET', `/api/admin/articles/revisions/${a.id}`, { token: (await makeUser(t, { perms: ['list:articles'] })).token })).status).toBe(
      403,
    );
  });
});

describe('taxonomy and media', () => {
  it('categories form a tree without loops', async () => {
    const root = ok(await call(t, 'POST', '/api/admin/categories', { body: { name: 'Kỹ thuật thử' } })).entry;
    const child = ok(await call(t, 'POST', '/api/admin/categories', { body: { name: 'Cây thử', parent_id: root.id } })).entry;
    expect(child.slug).toBe('cay-thu');
    const loop = await call(t, 'PUT', `/api/admin/categories/${root.id}`, { body: { parent_id: child.id } });
    expect(loop.status).toBe(400);
    expect(loop.body.data.errors[0].field).toBe('parent_id');
    const tree = (await web('/api/web/categories')).json().data.entries;
    expect(tree.find((c: { id: number }) => c.id === root.id).children.map((c: { slug: string }) => c.slug)).toEqual(['cay-thu']);
    ok(await call(t, 'PUT', `/api/admin/categories/change-status/${child.id}`));
    const after = (await web('/api/web/categories')).json().data.entries;
    expect(after.find((c: { id: number }) => c.id === root.id).children).toEqual([]);
  });

  it('videos: a YouTube or Vimeo address with its thumbnail, or an MP4 checked by its bytes', async () => {
    const yt = ok(
      await call(t, 'POST', '/api/admin/videos', { body: { title: 'Ghép cải tạo vườn cà phê', source: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' } }),
    ).entry;
    expect(yt).toMatchObject({
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    const wrong = await call(t, 'POST', '/api/admin/videos', { body: { title: 'Sai', source: 'vimeo', url: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(wrong.body.data.errors).toEqual([{ field: 'url', message: 'Địa chỉ không phải một video Vimeo' }]);
    // an ISO base media header with the mp4 brand: file-type reads video/mp4
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(64)]);
    const up = await upload(t, 'clip.mp4', mp4, 'video/mp4');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.url).toMatch(/\.mp4$/);
    const fake = await upload(t, 'clip.mp4', Buffer.from('<html><script>alert(1)</script></html>'), 'video/mp4');
    expect(fake.status).toBe(415);
    const vid = ok(await call(t, 'POST', '/api/admin/videos', { body: { title: 'Tưới nhỏ giọt', source: 'upload', file: up.body.data.url, status: 2 } })).entry;
    expect(vid.embed_url).toBe(up.body.data.url);
    const notMp4 = await call(t, 'POST', '/api/admin/videos', { body: { title: 'Ảnh', source: 'upload', file: await uploadedImageUrl(t) } });
    expect(notMp4.body.data.errors).toEqual([{ field: 'file', message: 'Tệp video phải là MP4' }]);
    const ids = (await web('/api/web/videos?limit=50')).json().data.entries.map((v: { id: number }) => v.id);
    expect(ids).toContain(yt.id);
    expect(ids).not.toContain(vid.id);
  });

  it('libraries keep their order; the public sees only public ones', async () => {
    const urls = [await uploadedImageUrl(t), await uploadedImageUrl(t)];
    const lib = ok(
      await call(t, 'POST', '/api/admin/libraries', { body: { name: 'Hội chợ nông sản 2026', kind: 'images', images: [urls[1], urls[0]] } }),
    ).entry;
    const hidden = ok(await call(t, 'POST', '/api/admin/libraries', { body: { name: 'Nội bộ', kind: 'images', images: urls, status: 2 } })).entry;
    const one = (await web(`/api/web/libraries/${lib.id}`)).json().data.entry;
    expect(one).toMatchObject({ name: 'Hội chợ nông sản 2026', item_count: 2, items: [urls[1], urls[0]] });
    expect((await web(`/api/web/libraries/${hidden.id}`)).statusCode).toBe(404);
    const list = (await web('/api/web/libraries?kind=images')).json().data.entries.map((x: { id: number }) => x.id);
    expect(list).toContain(lib.id);
    expect(list).not.toContain(hidden.id);
  });

  it("an album's items are reordered in one write, audited, and the public API follows the new order", async () => {
    const urls = [await uploadedImageUrl(t), await uploadedImageUrl(t), await uploadedImageUrl(t)];
    const lib = ok(await call(t, 'POST', '/api/admin/libraries', { body: { name: 'Mùa gặt 2026', kind: 'images', images: urls } })).entry;
    expect((await web(`/api/web/libraries/${lib.id}`)).json().data.entry.items).toEqual(urls);
    const order = [urls[2], urls[0], urls[1]];
    const moved = ok(await call(t, 'PUT', `/api/admin/libraries/reorder/${lib.id}`, { body: { items: order } })).entry;
    expect(moved.images).toEqual(order);
    // the public answer is not the one kept before the move
    expect((await web(`/api/web/libraries/${lib.id}`)).json().data.entry.items).toEqual(order);
    const [log] = await t.database.query<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_logs where subject = 'libraries' and record_id = ${String(lib.id)} order by id desc limit 1`,
    );
    expect(log.action).toBe('reorder');
    // a list that is not exactly the album's items (one missing, one foreign, one twice) changes nothing
    for (const items of [order.slice(0, 2), [order[0], order[1], await uploadedImageUrl(t)], [order[0], order[0], order[1]]]) {
      const bad = await call(t, 'PUT', `/api/admin/libraries/reorder/${lib.id}`, { body: { items } });
      expect(bad.status).toBe(400);
      expect(bad.body.data.errors[0]).toMatchObject({ field: 'items', message: expect.stringContaining('mọi ảnh hiện có') });
    }
    expect((await web(`/api/web/libraries/${lib.id}`)).json().data.entry.items).toEqual(order);
    const reader = await makeUser(t, { perms: ['list:libraries', 'read:libraries'] });
    expect((await call(t, 'PUT', `/api/admin/libraries/reorder/${lib.id}`, { token: reader.token, body: { items: urls } })).status).toBe(403);
  });
});

describe('views', () => {
  it('reading a published article by slug counts a view in memory, written together on flush, shown in the admin list', async () => {
    const a = await approved({ title: 'Giá cà phê hôm nay' });
    ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver }));
    const draft = await article(editor, { title: 'Bản nháp chưa đăng' });
    await articleViewsOf(t.app.services).flush();
    const first = await web(`/api/web/articles/${a.slug}`);
    expect(first.statusCode).toBe(200);
    expect((await web(`/api/web/articles/${a.slug}`)).statusCode).toBe(200);
    // a reader whose browser holds the answer (304) read it too; a draft's slug (404) is no view
    expect((await web(`/api/web/articles/${a.slug}`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect((await web(`/api/web/articles/${draft.slug}`)).statusCode).toBe(404);
    expect(articleViewsOf(t.app.services).waiting).toBe(3);
    // nothing written per request
    expect(ok(await call(t, 'GET', `/api/admin/articles/${a.id}`)).entry.view_count).toBe(0);
    await articleViewsOf(t.app.services).flush();
    expect(articleViewsOf(t.app.services).waiting).toBe(0);
    expect(ok(await call(t, 'GET', `/api/admin/articles/${a.id}`)).entry.view_count).toBe(3);
    expect(ok(await call(t, 'GET', `/api/admin/articles/${draft.id}`)).entry.view_count).toBe(0);
    const top = ok(await call(t, 'GET', '/api/admin/articles', { query: { sort: '-view_count', limit: '1' } })).entries[0];
    expect(top).toMatchObject({ id: a.id, view_count: 3 });
  });
});

describe('public content API', () => {
  it('lists by category, tag and type, reads by slug, with ETag and Cache-Control, no sign-in', async () => {
    const cat = ok(await call(t, 'POST', '/api/admin/categories', { body: { name: 'Giá thử nghiệm' } })).entry;
    const type = ok(await call(t, 'POST', '/api/admin/article-types', { body: { name: 'Bản tin thử' } })).entry;
    const [tag] = ok(await call(t, 'POST', '/api/admin/tags/ensure', { body: { names: ['Hồ tiêu'] } })).entries;
    const a = await approved({ title: 'Giá hồ tiêu hôm nay', category_id: cat.id, article_type_id: type.id, tag_ids: [tag.id] });
    const other = await approved();
    ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${a.id}`, { token: approver }));
    ok(await call(t, 'PUT', `/api/admin/articles/change-publish/${other.id}`, { token: approver }));
    for (const q of [`&category=${cat.slug}`, `&tag=${tag.slug}`, `&type=${type.slug}`]) expect(await webSlugs(q)).toEqual([a.slug]);
    const r = await web(`/api/web/articles/${a.slug}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('public');
    const body = r.json().data.entry;
    expect(body).toMatchObject({
      title: 'Giá hồ tiêu hôm nay',
      category: { slug: 'gia-thu-nghiem' },
      article_type: { slug: 'ban-tin-thu' },
      tags: [{ slug: 'ho-tieu' }],
    });
    const again = await web(`/api/web/articles/${a.slug}`, { 'if-none-match': String(r.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const page = (await web('/api/web/articles?limit=1')).json().data;
    expect(page.pagination).toEqual({ page: 1, limit: 1, has_more: true });
    expect((await web('/api/web/articles?limit=500')).statusCode).toBe(400);
    expect((await web('/api/web/articles?hack=1')).statusCode).toBe(400);
    // drafts and pending articles are never public
    const draft = await article();
    expect((await web(`/api/web/articles/${draft.slug}`)).statusCode).toBe(404);
  });
});

describe('demo content', () => {
  it('a dozen articles in every state; the public sees only the published ones', async () => {
    await contentDemo.seedDemo?.(t.app.services);
    const published = DEMO_ARTICLES.filter((a) => a.state === 'published').map((a) => a.title);
    const titles = (await web('/api/web/articles?limit=50')).json().data.entries.map((e: { title: string }) => e.title);
    for (const x of published) expect(titles).toContain(x);
    for (const x of DEMO_ARTICLES.filter((a) => a.state !== 'published')) expect(titles).not.toContain(x.title);
    const byCat = (await web('/api/web/articles?category=ky-thuat-canh-tac&limit=50')).json().data.entries;
    // a parent category lists its children's articles too
    expect(byCat.map((e: { category: { slug: string } }) => e.category.slug)).toContain('cay-ca-phe');
    const down = ok(await call(t, 'GET', '/api/admin/articles', { query: { search: 'Giá lúa gạo tuần đầu' } })).entries[0];
    expect(down.take_down_reason).toContain('Sở Công Thương');
    const imgs = ok(await call(t, 'GET', '/api/admin/images', { query: { limit: '100' } })).entries;
    expect(imgs.filter((i: { alt: string | null }) => !i.alt).length).toBeGreaterThanOrEqual(1);
  });
});
