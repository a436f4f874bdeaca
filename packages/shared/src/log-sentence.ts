import { formatDate, formatDateTime, formatMoney, formatNumber } from './dates';
import { optionLabel } from './enums';
import type { FieldDef } from './fields';
import { ACTION_LABELS, SUBJECTS } from './permissions';
import { resourceByName, resources } from './registry';
import type { ResourceDef } from './resource';

/**
 * The system log in Vietnamese sentences ('Nguyễn Văn A đã phê duyệt sản phẩm "Cà phê Arabica Cầu
 * Đất"'): written once here, used by the API (which resolves the names a sentence needs) for the
 * system log and the home feed. Field labels come from the declarations; values read as on screen.
 */

/** One row of audit_logs, as far as a sentence needs it. */
export interface LogRow {
  action: string;
  subject: string;
  record_id: string | null;
  path?: string | null;
  actor_username: string | null;
  ip?: string | null;
  before: unknown;
  after: unknown;
}

/** Names the sentence cannot know from the row: looked up by the caller. */
export interface LogNames {
  /** the actor's full name */
  actor?: string | null;
  /** the record's display name (its declaration's title field) when the row's snapshots lack it */
  record?: string | null;
  /** the display name of a referenced record */
  ref?: (resource: string, id: number) => string | undefined;
}

export interface LogChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface LogText {
  sentence: string;
  /** the changed fields with their labels and shown values (create, delete: every filled field in `after`/`before`) */
  changes: LogChange[];
}

const EMPTY = '(trống)';
const MAX_TEXT = 80;

export const LOGIN_REASONS: Record<string, string> = {
  wrong_password: 'sai mật khẩu',
  unknown_user: 'tên đăng nhập không tồn tại',
  locked_account: 'tài khoản đã bị khóa',
  disabled_account: 'tài khoản đã bị vô hiệu hóa',
  address: 'địa chỉ này đăng nhập sai quá nhiều lần',
  account_address: 'tài khoản bị đăng nhập sai quá nhiều lần từ địa chỉ này',
  account: 'tài khoản bị đăng nhập sai nhiều lần từ trình duyệt lạ',
  device: 'trình duyệt này đăng nhập sai quá nhiều lần',
};

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
/** 'Sản phẩm' → 'sản phẩm'; an acronym ('OCOP', 'HTX') keeps its capitals */
export const lowerFirst = (s: string) => (/^\p{Lu}\p{Lu}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/** A stored value as the screens show it: enum captions, reference names, dates at UTC+7, money, 'Có/Không'. */
export function shownValue(f: FieldDef | undefined, v: unknown, ref?: LogNames['ref']): string {
  const empty = v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  if (f?.kind === 'switch') return v ? 'Có' : 'Không';
  if (empty) return EMPTY;
  if (!f) return typeof v === 'string' ? cut(v) : cut(JSON.stringify(v));
  switch (f.kind) {
    case 'enum':
      return optionLabel(f.options, v);
    case 'date':
      return formatDate(v as string);
    case 'datetime':
      return formatDateTime(v as string);
    case 'money':
      return formatMoney(Number(v));
    case 'integer':
    case 'float':
      return formatNumber(Number(v), 6);
    case 'ref':
      return (f.ref && ref?.(f.ref, Number(v))) || `#${v}`;
    case 'refs':
      return (v as unknown[]).map((id) => (f.ref && ref?.(f.ref, Number(id))) || `#${id}`).join(', ');
    case 'richtext':
      return cut(
        String(v)
          .replace(/<[^>]*>/g, ' ')
          .replace(/&nbsp;/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    case 'images':
    case 'files':
      return `${(v as unknown[]).length} tệp`;
    case 'image':
    case 'file':
      return '1 tệp';
    case 'json':
    case 'polygon':
      return 'dữ liệu chi tiết';
    case 'password':
      return '••••';
    default:
      return cut(String(v));
  }
}

/** The resource a row is about: by its API path (several resources share a subject), else by a subject only one has. */
export function resourceOfLog(row: Pick<LogRow, 'path' | 'subject'>): ResourceDef | undefined {
  const m = /^\/api\/admin\/([a-z0-9-]+)/.exec(row.path ?? '');
  const byPath = m ? resourceByName[m[1]] : undefined;
  if (byPath && byPath.subject === row.subject) return byPath;
  const bySubject = resources.filter((r) => r.subject === row.subject);
  return bySubject.length === 1 ? bySubject[0] : byPath;
}

/** The fields that differ between the row's snapshots, in declaration order, with labels and shown values. */
export function logChanges(def: ResourceDef | undefined, before: unknown, after: unknown, ref?: LogNames['ref']): LogChange[] {
  const b = isObj(before) ? before : {};
  const a = isObj(after) ? after : {};
  const both = isObj(before) && isObj(after);
  const keys = def ? Object.keys(def.fields).filter((k) => k in a || k in b) : [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: LogChange[] = [];
  for (const k of keys) {
    const f = def?.fields[k];
    if (f?.writeOnly || f?.kind === 'password') continue;
    if (both && JSON.stringify(b[k] ?? null) === JSON.stringify(a[k] ?? null)) continue;
    const bv = shownValue(f, b[k], ref);
    const av = shownValue(f, a[k], ref);
    // a create or a delete lists the filled fields only
    if (!both && (isObj(after) ? av : bv) === EMPTY) continue;
    out.push({ field: k, label: f?.label ?? k, before: isObj(before) ? bv : '', after: isObj(after) ? av : '' });
  }
  return out;
}

const quote = (s: string) => `"${s}"`;

/** The record as a sentence names it: 'sản phẩm "Cà phê Arabica"' (or '#12' when its name is unknown). */
function recordPhrase(def: ResourceDef | undefined, row: LogRow, names: LogNames): string {
  const what = def ? lowerFirst(def.label) : lowerFirst((SUBJECTS as Record<string, { label: string }>)[row.subject]?.label ?? row.subject);
  const b = isObj(row.before) ? row.before : {};
  const a = isObj(row.after) ? row.after : {};
  const tf = def?.titleField;
  const raw = tf ? (a[tf] ?? b[tf]) : undefined;
  const name = raw !== undefined && raw !== null && raw !== '' ? shownValue(def?.fields[tf as string], raw, names.ref) : names.record;
  if (name) return `${what} ${quote(name)}`;
  return row.record_id ? `${what} #${row.record_id}` : what;
}

function changeSummary(changes: LogChange[], max = 3): string {
  if (!changes.length) return '';
  const shown = changes.slice(0, max).map((c) => `${c.label} ${c.before} → ${c.after}`);
  const more = changes.length > max ? ` và ${changes.length - max} thay đổi khác` : '';
  return `: ${shown.join('; ')}${more}`;
}

const EXTRA_VERBS: Record<string, string> = {
  create: 'đã thêm',
  update: 'đã sửa',
  delete: 'đã xóa',
  restore: 'đã khôi phục',
  import: 'đã nhập từ Excel',
  approve: 'đã phê duyệt',
  export: 'đã xuất Excel',
};

/** The sentence of one row of the system log. */
export function describeLog(row: LogRow, names: LogNames = {}): LogText {
  const who = names.actor || row.actor_username || 'Hệ thống';
  const a = isObj(row.after) ? row.after : {};
  const from = row.ip ? ` từ ${row.ip}` : '';
  switch (row.action) {
    case 'login':
      return { sentence: `${who} đã đăng nhập`, changes: [] };
    case 'logout':
      return { sentence: `${who} đã đăng xuất`, changes: [] };
    case 'login-failed':
    case 'login-throttled': {
      const reason = LOGIN_REASONS[String(a.reason_code)] ?? lowerFirst(String(a.reason ?? 'không rõ lý do'));
      const head = row.action === 'login-failed' ? 'Đăng nhập thất bại' : 'Đăng nhập bị tạm chặn';
      const wait = typeof a.retry_after_seconds === 'number' ? ` (chờ ${a.retry_after_seconds} giây)` : '';
      return { sentence: `${head}: ${reason} cho ${quote(String(a.username ?? row.actor_username ?? ''))}${from}${wait}`, changes: [] };
    }
    case 'change-password':
      return { sentence: `${who} đã đổi mật khẩu của mình`, changes: [] };
    case 'update-profile': {
      const changes = logChanges(resourceByName.users, row.before, row.after, names.ref);
      return { sentence: `${who} đã cập nhật thông tin cá nhân${changeSummary(changes)}`, changes };
    }
  }
  const def = resourceOfLog(row);
  const rec = recordPhrase(def, row, names);
  switch (row.action) {
    case 'forgot-password':
      return { sentence: `${names.record ? quote(names.record) : rec} đã đặt lại mật khẩu qua thư quên mật khẩu`, changes: [] };
    case 'reset-password':
      return { sentence: `${who} đã đặt lại mật khẩu của ${rec}`, changes: [] };
    case 'update-permissions': {
      const n = (v: unknown) => (isObj(v) && Array.isArray(v.permissions) ? v.permissions.length : 0);
      return { sentence: `${who} đã cập nhật phân quyền của ${rec}: ${n(row.before)} → ${n(row.after)} quyền`, changes: [] };
    }
  }
  const changes = logChanges(def, row.before, row.after, names.ref);
  const action = def?.actions[row.action];
  if (action?.kind === 'toggle' || (action?.kind === 'set' && action.permission !== 'approve')) {
    const label = lowerFirst(action.label);
    const verb = /^đổi /.test(label) ? `đã ${label}` : `đã đổi ${label}`;
    return { sentence: `${who} ${verb} của ${rec}${changeSummary(changes)}`, changes };
  }
  if (!action && row.action === 'change-status') return { sentence: `${who} đã đổi trạng thái của ${rec}${changeSummary(changes)}`, changes };
  if (action?.kind === 'set') return { sentence: `${who} đã ${lowerFirst(action.label)} ${rec}`, changes };
  const verb = EXTRA_VERBS[row.action] ?? `đã ${lowerFirst((ACTION_LABELS as Record<string, string>)[row.action] ?? row.action)}`;
  const detail = row.action === 'update' || (row.action === 'import' && isObj(row.before)) ? changeSummary(changes) : '';
  return { sentence: `${who} ${verb} ${rec}${detail}`, changes };
}
