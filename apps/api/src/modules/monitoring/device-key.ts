import crypto from 'node:crypto';

/**
 * Device keys: 32 random bytes (base64url), so a fast hash is enough (no dictionary to guess from);
 * SHA-256 lets the ingest find the station by one indexed lookup on every request.
 */
export const newDeviceKey = () => `nns_${crypto.randomBytes(32).toString('base64url')}`;
export const hashDeviceKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
