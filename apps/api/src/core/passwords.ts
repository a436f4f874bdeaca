import { PASSWORD_WEAK_MESSAGE, passwordStrength, personalInputs } from '@nns/shared/password-strength';
import { fieldError } from './errors';

// hashing sits below the database layer (the platform's seed hashes the first admin's password)
export { hashPassword, verifyPassword } from '../lib/passwords';

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
