import { resourceByName } from '@nns/shared/registry';

export const works = resourceByName['discharge-constructs'];
export const flows = resourceByName['discharge-traffic'];
export const BASE = '/admin/discharge-construction';

/** Coordinates in a path: at most 6 decimals (about 10 cm), as the map picks them. */
export const pointPath = (lat: number, long: number) => `${Number(lat.toFixed(6))}/${Number(long.toFixed(6))}`;
