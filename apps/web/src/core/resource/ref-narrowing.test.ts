import { resourceByName } from '@nns/shared/registry';
import { describe, expect, it } from 'vitest';
import { narrowedBy, refNarrowing } from './ref-narrowing';

describe('refNarrowing', () => {
  const wards = resourceByName.wards;
  it('asks a district picker for the chosen province only', () => {
    expect(refNarrowing(wards, 'district_id', { province_id: 68, district_id: null })).toEqual({ province_id: '68' });
    expect(refNarrowing(wards, 'district_id', { province_id: null })).toEqual({});
    expect(refNarrowing(wards, 'province_id', { province_id: 68, district_id: 5 })).toEqual({});
  });
  it('names the pickers a change empties', () => {
    expect(narrowedBy(wards, 'province_id')).toEqual(['district_id']);
    expect(narrowedBy(wards, 'name')).toEqual([]);
  });
});
