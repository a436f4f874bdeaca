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

function jsonSchema(s: z.ZodType, io: 'input' | 'output') {
  try {
    const out = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document of the route table, generated from the routes' zod schemas. */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const r of sorted) {
    const url = r.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    if (r.params) {
      const js = jsonSchema(r.params, 'input') as { properties?: Record<string, unknown> };
      for (const [name, schema] of Object.entries(js.properties ?? {})) parameters.push({ name, in: 'path', required: true, schema });
    }
    if (r.query) {
      const js = jsonSchema(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
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
          // a raw route that declares its answer writes the JSON envelope itself (the public content API, for its ETag)
          content:
            r.raw && !r.response
              ? { 'application/octet-stream': {} }
              : { 'application/json': { schema: envelope(r.response ? jsonSchema(r.response, 'output') : {}) } },
        },
        ...Object.fromEntries(Object.entries(ERRORS).map(([k, d]) => [k, { description: d }])),
      },
      'x-permission': r.access,
    };
    if (r.access !== 'public') op.security = [{ bearer: [] }];
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
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
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
