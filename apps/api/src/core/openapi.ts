import { z } from 'zod';
import type { RouteDef } from './module';

const envelope = (data: object) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
});

const ERRORS: Record<string, string> = {
  '400': 'Dữ liệu không hợp lệ (data.errors: [{field, message}])',
  '401': 'Chưa đăng nhập hoặc phiên đã hết hạn',
  '403': 'Không có quyền',
  '404': 'Không tìm thấy',
  '409': 'Trùng dữ liệu',
  '429': 'Quá nhiều yêu cầu',
  '500': 'Lỗi hệ thống (kèm mã yêu cầu)',
};

/** The envelope of every refused request: `data` is null or says more (the fields at fault, when to retry, the request's id). */
const ERROR_ENVELOPE = envelope({
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        errors: {
          type: 'array',
          description: 'các trường sai và lời nhắn của từng trường (400, 409)',
          items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
        retry_after: { type: 'integer', description: 'số giây chờ trước khi thử lại (429)' },
        request_id: { type: 'string', description: 'mã yêu cầu, để tra nhật ký (500)' },
        must_change_password: { type: 'boolean', description: 'tài khoản phải đổi mật khẩu trước (403)' },
      },
      additionalProperties: true,
    },
  ],
});

/** The WebSocket route: an upgrade, or 426 to a plain HTTP request; its messages are described (OpenAPI has no socket messages). */
const SOCKET_RESPONSES = {
  '101': {
    description:
      'Chuyển sang WebSocket. Gửi {type: "auth", token} trước tiên; máy chủ trả {type: "ready", user_id, last_event_id}, rồi {type: "event", id, kind, title, message, data, at} cho từng sự kiện. Phiên không hợp lệ: đóng với mã 4401; quá nhiều kết nối: 4429.',
  },
  '426': {
    description: 'Yêu cầu HTTP thường (không nâng cấp WebSocket)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  },
};

/**
 * A recursive schema (a menu's items, the categories tree) comes out of zod with local `$defs`, which an
 * OpenAPI document cannot hold inside an operation: they move to `components.schemas` (one per distinct
 * shape) and their `$ref`s follow.
 */
function hoistDefs(schema: Record<string, unknown>, shared: Record<string, unknown>) {
  const defs = schema.$defs as Record<string, unknown> | undefined;
  if (!defs) return schema;
  delete schema.$defs;
  const names: Record<string, string> = {};
  for (const [local, def] of Object.entries(defs)) {
    const text = JSON.stringify(def);
    // a schema named by its zod metadata id (a resource's row, create and update input: one instance per
    // resource, see core/resource-schema.ts) keeps its name
    const named = !/^__schema\d+$/.test(local);
    const same = named ? local : Object.entries(shared).find(([, d]) => JSON.stringify(d) === text)?.[0];
    const name = same ?? `Schema${Object.keys(shared).length + 1}`;
    shared[name] = def;
    names[local] = name;
  }
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const ref = typeof o.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(o.$ref) : null;
    if (ref) return { ...o, $ref: `#/components/schemas/${names[ref[1]] ?? ref[1]}` };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, rewrite(x)]));
  };
  for (const name of new Set(Object.values(names))) shared[name] = rewrite(shared[name]);
  return rewrite(schema) as Record<string, unknown>;
}

/** A raw answer's body: text for HTML and SVG, bytes otherwise (a spreadsheet, a PDF, an image). */
const rawSchema = (type: string) =>
  /json/.test(type) ? { type: 'object', description: 'tài liệu JSON' } : /^text\/|svg/.test(type) ? { type: 'string' } : { type: 'string', format: 'binary' };

/** zod writes a JS safe integer's bounds on every integer: implied, and a tenth of the document. */
function dropSafeBounds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropSafeBounds);
  if (!v || typeof v !== 'object') return v;
  const o = { ...(v as Record<string, unknown>) };
  if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
  if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
  for (const [k, x] of Object.entries(o)) if (x && typeof x === 'object') o[k] = dropSafeBounds(x);
  return o;
}

function jsonSchema(s: z.ZodType, io: 'input' | 'output', shared: Record<string, unknown>) {
  try {
    const out = dropSafeBounds(z.toJSONSchema(s, { io, unrepresentable: 'any' })) as Record<string, unknown>;
    delete out.$schema;
    return hoistDefs(out, shared);
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document of the route table, generated from the routes' zod schemas. */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Record<string, unknown> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const r of sorted) {
    const url = r.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    if (r.params) {
      const js = jsonSchema(r.params, 'input', shared) as { properties?: Record<string, unknown> };
      for (const [name, schema] of Object.entries(js.properties ?? {})) parameters.push({ name, in: 'path', required: true, schema });
    }
    if (r.query) {
      const js = jsonSchema(r.query, 'input', shared) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: 'query', required: js.required?.includes(name) ?? false, schema });
      }
    }
    const access =
      r.access === 'public'
        ? 'công khai'
        : r.access === 'authenticated'
          ? 'đã đăng nhập'
          : r.access === 'socket'
            ? 'WebSocket, xác thực bằng tin nhắn đầu tiên {type: "auth", token}'
            : `${r.access.action}:${r.access.subject}`;
    const op: Record<string, unknown> = {
      summary: r.summary,
      description: `Quyền: ${access}`,
      tags: r.tags ?? ['Hệ thống'],
      parameters,
      responses:
        r.access === 'socket'
          ? SOCKET_RESPONSES
          : {
              '200': {
                description: r.message ?? 'Thành công',
                // a raw route that declares its answer (a cached public JSON answer) is documented like the others
                content:
                  r.raw && !r.response
                    ? Object.fromEntries((r.produces ?? ['application/octet-stream']).map((t) => [t, { schema: rawSchema(t) }]))
                    : { 'application/json': { schema: envelope(r.response ? jsonSchema(r.response, 'output', shared) : {}) } },
              },
              ...Object.fromEntries(Object.keys(ERRORS).map((k) => [k, { $ref: `#/components/responses/E${k}` }])),
            },
      'x-permission': r.access,
    };
    if (r.access !== 'public') op.security = [{ bearer: [] }];
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input', shared) } } };
    if (r.multipart)
      op.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
      };
    paths[url] ??= {};
    paths[url][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Nông nghiệp số — hệ thống quản trị',
      version: '1.0.0',
      description: [
        'Mọi câu trả lời có dạng {code, message, data}; mã HTTP bằng code.',
        '',
        'Đăng nhập: POST /api/auth/login với {"username", "password"}; câu trả lời mang data.token. Gửi kèm mọi yêu cầu khác tiêu đề `Authorization: Bearer <token>` (nút Authorize ở trên).',
        '',
        'Danh sách: GET /api/admin/<tài nguyên>?page=1&limit=10 (limit tối đa 100; search, sort=<trường> hoặc -<trường> để giảm dần, các bộ lọc của tài nguyên) trả data.entries (mỗi dòng theo lược đồ <TàiNguyên>Row) và data.pagination. Chi tiết: GET /api/admin/<tài nguyên>/{id} trả data.entry; thêm POST, sửa PUT (lược đồ <TàiNguyên>Create, <TàiNguyên>Update), xóa DELETE.',
        '',
        'Lỗi: 400 kèm data.errors [{field, message}] (tiếng Việt, theo từng trường), 401 chưa đăng nhập, 403 không có quyền, 404 không tìm thấy, 409 trùng dữ liệu, 429 quá nhiều yêu cầu (data.retry_after), 500 lỗi hệ thống (data.request_id).',
      ].join('\n'),
    },
    components: {
      schemas: { ...shared, ErrorEnvelope: ERROR_ENVELOPE },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([k, description]) => [
          `E${k}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        ]),
      ),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  };
}
