import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-page';

describe('login validation', () => {
  it('requires both fields, in Vietnamese', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({ username: 'Tên đăng nhập bắt buộc', password: 'Mật khẩu bắt buộc' });
    expect(validateLogin({ username: 'admin', password: 'x'.repeat(129) }).password).toBe('Mật khẩu tối đa 128 ký tự');
    expect(validateLogin({ username: 'admin', password: 'secret' })).toEqual({});
  });
});
