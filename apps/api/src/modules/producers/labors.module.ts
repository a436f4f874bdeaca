import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@nns/shared';
import laborsDef from '@nns/shared/resources/labors';
import { z } from 'zod';
import { defineModule } from '../../core/module';
import { findOne } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { resource } from '../../core/runtime';
import { generatePassword } from '../auth/password-reset.module';

const resetBody = z
  .object({
    password: z.string({ error: MESSAGES.password }).min(PASSWORD_MIN, MESSAGES.password).max(PASSWORD_MAX, MESSAGES.password).optional(),
  })
  .strict()
  .optional();

export default defineModule({
  name: 'labors',
  routes(router, services) {
    router.add({
      method: 'PUT',
      url: '/api/admin/labors/reset-password/:id',
      access: { action: 'update', subject: 'labors' },
      summary: 'Đặt lại mật khẩu ứng dụng nhật ký của người lao động',
      tags: ['Người lao động'],
      params: idParams,
      body: resetBody,
      response: z.object({ id: z.number().int(), password: z.string().optional().describe('mật khẩu được tạo, chỉ trả về một lần') }),
      message: 'Đặt lại mật khẩu thành công',
      async handler(ctx) {
        const generated = ctx.body?.password ? null : generatePassword();
        await services.db.transaction(async (tx) => {
          // inside the user's scope (a labor of another ward's or, for a producer's account, another producer's manufacture answers 404, as a missing one)
          const labor = await findOne(tx, laborsDef, ctx.params.id, ctx, { forUpdate: true });
          await resource('labors').setPassword(ctx, tx, labor, ctx.body?.password ?? (generated as string), {
            audit: 'reset-password',
            auditAfter: { generated: !!generated },
          });
        });
        // shown once, here, to whoever may manage this labourer; stored only as a hash, kept by no cache
        ctx.reply.header('cache-control', 'no-store');
        return generated ? { id: ctx.params.id, password: generated } : { id: ctx.params.id };
      },
    });
  },
});
