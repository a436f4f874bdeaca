// A browser far from Vietnam: the dates typed and shown must still be Vietnamese ones.
process.env.TZ = 'America/New_York';

import { bool, date, datetime, defineResource, text } from '@nns/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequestBody } from './resource/form-mapping';
import { dayRangeFilter } from './resource/list-filters';
import { boundToWall, instantToWall, vnDayEnd, vnDayStart, wallToInstant } from './vn-time';

const def = defineResource({
  name: 'visits',
  subject: 'products',
  label: 'Lượt kiểm tra',
  area: 'catalog',
  fields: {
    name: text({ label: 'Tên', required: true }),
    planted_on: date({ label: 'Ngày trồng' }),
    checked_at: datetime({ label: 'Kiểm tra lúc' }),
    done: bool({ label: 'Xong' }),
  },
});

describe('dates at UTC+7 in a browser at New York', () => {
  it('really runs in a zone that is not +07 (and has daylight saving)', () => {
    expect(new Date('2026-11-23T01:00:00Z').getTimezoneOffset()).toBe(300);
    expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).toBe(240);
    expect(dayjs('2026-11-23T08:00:00').toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('a datetime picked as 23/11/2026 08:00 travels as 2026-11-23T01:00:00Z', () => {
    // the picker hands back what it shows; whether it was made in the browser's zone or at +07 does not matter
    for (const picked of [dayjs('2026-11-23T08:00:00'), dayjs.utc('2026-11-23T08:00:00'), dayjs.tz('2026-11-23 08:00', 'Asia/Ho_Chi_Minh')]) {
      expect(picked.format('DD/MM/YYYY HH:mm')).toBe('23/11/2026 08:00');
      expect(toRequestBody(def, { name: 'a', checked_at: picked }, 'create').checked_at).toBe('2026-11-23T01:00:00.000Z');
    }
  });

  it('a stored datetime shows at +07 in the picker and goes back unchanged', () => {
    const v = toFormValues(def, { name: 'a', checked_at: '2026-11-22T18:30:00.000Z', planted_on: '2026-11-23T00:00:00Z', done: false });
    expect((v.checked_at as dayjs.Dayjs).format('DD/MM/YYYY HH:mm')).toBe('23/11/2026 01:30');
    expect((v.planted_on as dayjs.Dayjs).format('DD/MM/YYYY')).toBe('23/11/2026');
    const body = toRequestBody(def, v, 'update');
    expect(body.checked_at).toBe('2026-11-22T18:30:00.000Z');
    expect(body.planted_on).toBe('2026-11-23T00:00:00Z');
  });

  it('date-only fields still go as YYYY-MM-DDT00:00:00Z, from the picked day', () => {
    expect(toRequestBody(def, { name: 'a', planted_on: dayjs('2026-11-23') }, 'create').planted_on).toBe('2026-11-23T00:00:00Z');
    expect(toRequestBody(def, { name: 'a', planted_on: dayjs('2026-03-08') }, 'create').planted_on).toBe('2026-03-08T00:00:00Z');
  });

  it('a wall clock inside New York’s daylight-saving gap is still read as Vietnamese time', () => {
    // 08/03/2026 02:30 does not exist in New York; at +07 it is an ordinary time
    const shown = instantToWall('2026-03-07T19:30:00Z');
    expect(shown?.format('DD/MM/YYYY HH:mm')).toBe('08/03/2026 02:30');
    expect(wallToInstant(shown as dayjs.Dayjs)).toBe('2026-03-07T19:30:00.000Z');
  });

  it("antd's today/now (dayjs().tz()) is Vietnam's", () => {
    const now = dayjs().tz();
    const vn = new Date(Date.now() + 7 * 3600_000);
    expect(now.format('YYYY-MM-DD HH')).toBe(vn.toISOString().slice(0, 13).replace('T', ' '));
  });

  it('a day range 01/11–30/11 means those days in Vietnam', () => {
    expect(vnDayStart('2026-11-01')).toBe('2026-10-31T17:00:00.000Z');
    expect(vnDayEnd('2026-11-30')).toBe('2026-11-30T16:59:59.999Z');
    expect(boundToWall('2026-10-31T17:00:00.000Z')?.format('DD/MM/YYYY')).toBe('01/11/2026');
    expect(boundToWall('2026-11-30T16:59:59.999Z')?.format('DD/MM/YYYY')).toBe('30/11/2026');
    expect(boundToWall('2026-11-01')?.format('DD/MM/YYYY')).toBe('01/11/2026');
    expect(boundToWall(undefined)).toBeNull();
  });

  it('the list filter of a datetime field sends the Vietnamese days as instants; a date field sends the days', () => {
    // what antd's RangePicker hands back in this browser: local midnights
    const [from, to] = [dayjs('2026-11-01'), dayjs('2026-11-30')];
    expect(dayRangeFilter('created_at', 'datetime', from, to)).toEqual({
      created_at_from: '2026-10-31T17:00:00.000Z',
      created_at_to: '2026-11-30T16:59:59.999Z',
    });
    expect(dayRangeFilter('planted_on', 'date', from, to)).toEqual({ planted_on_from: '2026-11-01', planted_on_to: '2026-11-30' });
    expect(dayRangeFilter('created_at', 'datetime', null, to)).toEqual({ created_at_from: undefined, created_at_to: '2026-11-30T16:59:59.999Z' });
  });
});
