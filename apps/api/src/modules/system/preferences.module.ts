import { PREFERENCE_KEY_RE, PREFERENCE_MAX_BYTES, preferenceSchemaOf, toFieldErrors } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest } from '../../core/errors';
import { defineModule, type SessionUser } from '../../core/module';
import { jsonValue } from '../../core/resource-schema';
import { exec } from '../../core/resource-store';

const KEY_MSG = 'Khóa thiết lập không hợp lệ';
const keyParams = z
  .object({
    key: z
      .string()
      .regex(PREFERENCE_KEY_RE, KEY_MSG)
      .refine((k) => Boolean(resourceByName[k.slice('list:'.length)]), KEY_MSG),
  })
  .strict();
// the value is checked by the key's own schema in the handler; the document says only that it is JSON
const putBody = z
  .object({
    value: z
      .unknown()
      .refine((v) => v !== undefined, 'Thiếu giá trị thiết lập')
      .meta({ type: ['object', 'array', 'string', 'number', 'boolean', 'null'], additionalProperties: true, description: 'null: trở về mặc định' }),
  })
  .strict();
const answer = z.object({ key: z.string(), value: jsonValue.nullable() });
const TAGS = ['Thiết lập của tôi'];

/**
 * The signed-in user's own settings (list columns, density, saved filters): one JSON value per key,
 * validated by the key's schema (@nns/shared preferences.ts) and capped in size. Each user reads and
 * writes only their own rows; nothing here is audited (it changes no one's data but the user's view).
 */
export default defineModule({
  name: 'preferences',
  routes(router, services) {
    const me = (u: SessionUser | null) => (u as SessionUser).id;
    router.add({
      method: 'GET',
      url: '/api/admin/me/preferences/:key',
      access: 'authenticated',
      summary: 'Đọc một thiết lập của tôi',
      tags: TAGS,
      params: keyParams,
      response: answer,
      async handler(ctx) {
        const { key } = ctx.params;
        const [row] = await exec<{ value: unknown }>(services.db, sql`select value from user_preferences where user_id = ${me(ctx.user)} and key = ${key}`);
        return { key, value: row?.value ?? null };
      },
    });
    router.add({
      method: 'PUT',
      url: '/api/admin/me/preferences/:key',
      access: 'authenticated',
      summary: 'Lưu một thiết lập của tôi',
      tags: TAGS,
      params: keyParams,
      body: putBody,
      response: answer,
      message: 'Đã lưu thiết lập',
      async handler(ctx) {
        const { key } = ctx.params;
        const schema = preferenceSchemaOf(key);
        if (!schema) throw badRequest([{ field: 'key', message: KEY_MSG }]);
        const raw = ctx.body.value;
        if (raw === null) {
          // null clears the setting: the defaults again
          await exec(services.db, sql`delete from user_preferences where user_id = ${me(ctx.user)} and key = ${key}`);
          return { key, value: null };
        }
        const json = JSON.stringify(raw ?? null);
        if (Buffer.byteLength(json, 'utf8') > PREFERENCE_MAX_BYTES) {
          throw new AppError(400, 'Thiết lập quá lớn', { errors: [{ field: 'value', message: `Thiết lập tối đa ${PREFERENCE_MAX_BYTES / 1024} KB` }] });
        }
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw badRequest(toFieldErrors(parsed.error.issues).map((e) => ({ ...e, field: e.field === '_' ? 'value' : `value.${e.field}` })));
        const value = JSON.stringify(parsed.data);
        await exec(
          services.db,
          sql`insert into user_preferences (user_id, key, value, updated_at) values (${me(ctx.user)}, ${key}, ${value}::jsonb, now())
              on conflict (user_id, key) do update set value = excluded.value, updated_at = now()`,
        );
        return { key, value: parsed.data };
      },
    });
  },
});
