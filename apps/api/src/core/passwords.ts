import { PASSWORD_WEAK_MESSAGE, passwordStrength, personalInputs } from '@nns/shared/password-strength';
import argon2 from 'argon2';
import { fieldError } from './errors';

/** argon2id with OWASP's recommended parameters (m=19 MiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, OPTIONS);

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    // the same work for an unknown user, so timing does not tell whether an account exists
    await argon2.hash(plain, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/**
 * The password policy, the same everywhere a person sets a password (account create/edit, own change,
 * reset by link, reset by an administrator, administrative accounts, the labour diary app): common and
 * guessable passwords are refused (zxcvbn-ts, packages/shared/src/password-strength.ts), as are ones built
 * from the account's own name, username, email or phone. A generated password is not checked (random).
 * Throws 400 with the message under `field`.
 */
export function assertPasswordPolicy(plain: string, account: Record<string, unknown> = {}, field = 'password') {
  const r = passwordStrength(plain, personalInputs(account));
  if (!r.ok) throw fieldError(field, r.message ?? PASSWORD_WEAK_MESSAGE);
}
