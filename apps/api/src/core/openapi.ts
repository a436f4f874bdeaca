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
    const same = Object.entries(shared).find(([, d]) => JSON.stringify(d) === text)?.[0];
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

function jsonSchema(s: z.ZodType, io: 'input' | 'output', shared: Record<string, unknown>) {
  try {
    const out = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
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
      responses: {
        '200': {
          description: r.message ?? 'Thành công',
          // a raw route that declares its answer (a cached public JSON answer) is documented like the others
          content:
            r.raw && !r.response
              ? { 'application/octet-stream': {} }
              : { 'application/json': { schema: envelope(r.response ? jsonSchema(r.response, 'output', shared) : {}) } },
        },
        ...Object.fromEntries(Object.entries(ERRORS).map(([k, d]) => [k, { description: d }])),
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
      description: 'Mọi câu trả lời có dạng {code, message, data}; mã HTTP bằng code.',
    },
    components: { schemas: shared, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
