import { describe, expect, it } from 'vitest';
import { fieldApplies } from './fields';
import { audienceErrors } from './notifications';
import def from './resources/notifications';

describe('notification audience', () => {
  it('needs the id of its audience and refuses the others, in Vietnamese', () => {
    expect(audienceErrors({ audience: 'all' })).toEqual([]);
    expect(audienceErrors({ audience: 'ward', ward_id: 3 })).toEqual([]);
    expect(audienceErrors({ audience: 'role' })).toEqual([{ field: 'role_id', message: 'Vui lòng chọn vai trò nhận thông báo' }]);
    expect(audienceErrors({ audience: 'user', user_id: 1, province_id: 2 })).toEqual([
      { field: 'province_id', message: 'Để trống tỉnh/thành phố khi người nhận là "Một người dùng"' },
    ]);
  });

  it('the form shows only the id field of the chosen audience', () => {
    const shown = (audience: string) => (['role_id', 'province_id', 'ward_id', 'user_id'] as const).filter((k) => fieldApplies(def.fields[k], { audience }));
    expect(shown('all')).toEqual([]);
    expect(shown('province')).toEqual(['province_id']);
    expect(shown('user')).toEqual(['user_id']);
    expect(fieldApplies(def.fields.title, { audience: 'ward' })).toBe(true);
  });
});
