import type { PasswordStrength } from '@nns/shared/password-strength';
import { Input, type InputProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * A password input with its strength shown as the user types (weak / medium / strong, in Vietnamese),
 * by the same zxcvbn-ts check the server's policy runs (packages/shared/src/password-strength.ts).
 * The dictionaries are fetched on first use (a chunk of their own), so screens without a password
 * field never load them.
 */
type Check = (password: string, inputs?: string[]) => PasswordStrength;
type Inputs = (user: { username?: unknown; full_name?: unknown; email?: unknown; phone?: unknown }) => string[];
let loaded: Promise<{ check: Check; inputs: Inputs }> | null = null;
const loadCheck = () => {
  loaded ??= import('@nns/shared/password-strength').then((m) => ({ check: m.passwordStrength, inputs: m.personalInputs }));
  return loaded;
};

const COLORS = { weak: '#cf1322', medium: '#874d00', strong: '#237804' } as const;
const FILLED = { weak: 1, medium: 2, strong: 3 } as const;
export const LEVEL_TEXT = { weak: 'Yếu', medium: 'Trung bình', strong: 'Mạnh' } as const;

/** The strength of `value` for the account described by `account`; null while empty or loading. */
export function usePasswordStrength(value: string | undefined, account?: Record<string, unknown>): PasswordStrength | null {
  const [r, setR] = useState<PasswordStrength | null>(null);
  const key = JSON.stringify([account?.username, account?.full_name, account?.email, account?.phone]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account's parts are compared through `key`
  useEffect(() => {
    if (!value) {
      setR(null);
      return;
    }
    let live = true;
    void loadCheck().then(({ check, inputs }) => live && setR(check(value, account ? inputs(account) : [])));
    return () => {
      live = false;
    };
  }, [value, key]);
  return r;
}

export function StrengthMeter({ strength, id }: { strength: PasswordStrength | null; id?: string }): ReactNode {
  if (!strength) return null;
  const color = COLORS[strength.level];
  return (
    <div className="nns-password-meter" id={id} aria-live="polite" data-level={strength.level}>
      <div style={{ display: 'flex', gap: 4, marginTop: 6 }} aria-hidden>
        {[1, 2, 3].map((i) => (
          <span key={i} style={{ flex: 1, height: 4, borderRadius: 2, background: i <= FILLED[strength.level] ? color : '#e5e5e5' }} />
        ))}
      </div>
      <div style={{ fontSize: 12, marginTop: 2, color }}>
        Độ mạnh mật khẩu: <strong>{LEVEL_TEXT[strength.level]}</strong>
        {strength.message ? ` – ${strength.message}` : ''}
      </div>
    </div>
  );
}

export interface PasswordInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void;
  /** the account the password is for (its name, username, email, phone count as guessable) */
  account?: Record<string, unknown>;
}

/** Input.Password with the strength meter under it (Form.Item hands it value/onChange/id). */
export function PasswordInput({ value, onChange, account, id, ...rest }: PasswordInputProps) {
  const strength = usePasswordStrength(value, account);
  const meterId = id ? `${id}_strength` : undefined;
  return (
    <>
      <Input.Password id={id} value={value} onChange={onChange} autoComplete="new-password" aria-describedby={strength ? meterId : undefined} {...rest} />
      <StrengthMeter strength={strength} id={meterId} />
    </>
  );
}
