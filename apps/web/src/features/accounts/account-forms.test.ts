import adminDef from '@nns/shared/resources/administrative';
import usersDef from '@nns/shared/resources/users';
import { describe, expect, it } from 'vitest';
import { formFields, toRequestBody } from '../../core/resource/form-mapping';

describe('account forms', () => {
  it('do not offer the administrative status (lock / unlock is the change-status path), nor server-set user fields', () => {
    const admin = formFields(adminDef).map(([k]) => k);
    expect(admin).not.toContain('status');
    expect(admin).toEqual(expect.arrayContaining(['username', 'full_name', 'ward_id', 'role_id']));
    const body = toRequestBody(adminDef, { full_name: 'Võ Văn Tùng', status: 'locked' }, 'update');
    expect(body).not.toHaveProperty('status');
    const users = formFields(usersDef).map(([k]) => k);
    // an administrator may require a change at the next sign-in (checkbox on the user form)
    expect(users).toContain('must_change_password');
    expect(users).not.toContain('last_login_at');
  });
});
