import { bool, date, defineResource, enumField, money, ref, text } from '@nns/shared';
import { describe, expect, it } from 'vitest';
import { filterKeys, paramsFromSearch, rowNumber, searchFromParams, sortFromOrder, sortOrderOf, toApiQuery, withChange } from './list-params';

const def = defineResource({
  name: 'things',
  subject: 'products',
  label: 'Thứ',
  area: 'catalog',
  fields: {
    name: text({ label: 'Tên', search: true, sort: true }),
    status: enumField(
      [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
      { label: 'Trạng thái', filter: true },
    ),
    group_id: ref('groups', { label: 'Nhóm', filter: true }),
    is_active: bool({ label: 'Hoạt động', filter: true }),
    harvested_on: date({ label: 'Ngày thu hoạch', filter: true }),
    price: money({ label: 'Giá', filter: true }),
  },
  list: { sort: ['name'] },
});

describe('list params ↔ URL', () => {
  it('names a range pair for dates and numbers and one key for the rest', () => {
    expect(filterKeys(def)).toEqual(['status', 'group_id', 'is_active', 'harvested_on_from', 'harvested_on_to', 'price_from', 'price_to']);
  });

  it('reads a URL back into the same state it was written from', () => {
    const p = { page: 3, limit: 50, search: 'ca phe', sort: '-name', filters: { status: 'a', harvested_on_from: '2025-01-01', is_active: 'true' } };
    const sp = searchFromParams(p);
    expect(sp.toString()).toBe('page=3&limit=50&search=ca+phe&sort=-name&status=a&harvested_on_from=2025-01-01&is_active=true');
    expect(paramsFromSearch(def, sp)).toEqual(p);
  });

  it('leaves defaults out of the URL and drops what the declaration does not allow', () => {
    expect(searchFromParams({ page: 1, limit: 10, search: '', sort: '', filters: {} }).toString()).toBe('');
    const p = paramsFromSearch(def, new URLSearchParams('page=0&limit=7&sort=secret&evil=1&status='));
    expect(p).toEqual({ page: 1, limit: 10, search: '', sort: '', filters: {} });
    expect(paramsFromSearch(def, new URLSearchParams('page=abc&limit=100&sort=-created_at')).limit).toBe(100);
    expect(paramsFromSearch(def, new URLSearchParams('sort=-created_at')).sort).toBe('-created_at');
  });

  it('builds the API query with the default sort, and the export query without paging', () => {
    const p = { page: 2, limit: 20, search: 'gao', sort: '', filters: { group_id: '4' } };
    expect(toApiQuery(def, p)).toEqual({ page: 2, limit: 20, search: 'gao', sort: '-id', group_id: '4' });
    expect(toApiQuery(def, p, false)).toEqual({ search: 'gao', sort: '-id', group_id: '4' });
  });

  it('goes back to page 1 on any change but paging', () => {
    const p = { page: 4, limit: 10, search: '', sort: '', filters: {} };
    expect(withChange(p, { search: 'x' }).page).toBe(1);
    expect(withChange(p, { page: 5 }).page).toBe(5);
    expect(withChange(p, { sort: 'name' })).toMatchObject({ page: 1, sort: 'name' });
  });

  it('maps antd sort orders both ways', () => {
    expect(sortOrderOf('-name', 'name')).toBe('descend');
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('-id', 'name')).toBeNull();
    expect(sortFromOrder('name', 'descend')).toBe('-name');
    expect(sortFromOrder('name', null)).toBe('');
  });
});

describe('rowNumber', () => {
  it('numbers rows (page-1)*size+index from 1', () => {
    expect(rowNumber(1, 10, 0)).toBe(1);
    expect(rowNumber(2, 10, 0)).toBe(11);
    expect(rowNumber(3, 20, 4)).toBe(45);
    expect(rowNumber(1, 100, 99)).toBe(100);
  });
});
