import { MESSAGES, PASSWORD_MAX } from '@nns/shared/validators';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH, client, MUST_CHANGE_PASSWORD } from '../../core/client';
import { notify } from '../../core/feedback';
import { setSession, useSession } from '../../core/session';
import { solveSignInChallenge } from './signin-challenge';

/** Client checks before calling the server (the server answers the rest). */
export function validateLogin(v: { username: string; password: string }): { username?: string; password?: string } {
  const e: { username?: string; password?: string } = {};
  if (!v.username.trim()) e.username = MESSAGES.required('Tên đăng nhập');
  if (!v.password) e.password = MESSAGES.required('Mật khẩu');
  else if (v.password.length > PASSWORD_MAX) e.password = MESSAGES.maxLength('Mật khẩu', PASSWORD_MAX);
  return e;
}

/** The sign-in page: written without the component library so it loads fast on a ward office's line. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  if (token && !busy) return <Navigate to={from ?? '/admin/home'} replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validateLogin({ username, password });
    setErrors(v);
    if (v.username || v.password) return;
    setBusy(true);
    setError(null);
    const body = { username: username.trim(), password };
    let res = await client.POST('/api/auth/login', { body });
    // the account is under attack: this browser proves a little work (a second or two) and is let through
    // a refusal's data is the error's (429: whether a challenge lets the browser through), not the sign-in's
    if (res.code === 429 && (res.data as { challenge_required?: boolean } | null)?.challenge_required) {
      setSolving(true);
      const challenge = await solveSignInChallenge();
      setSolving(false);
      if (challenge) res = await client.POST('/api/auth/login', { body: { ...body, challenge } });
    }
    if (res.code === 200 && res.data?.token) {
      setSession(res.data.token, res.data.entry, remember);
      if (res.data.must_change_password) {
        notify.info(MUST_CHANGE_PASSWORD);
        navigate(CHANGE_PASSWORD_PATH, { replace: true });
      } else {
        notify.success(res.message || 'Đăng nhập thành công');
        navigate(from ?? '/admin/home', { replace: true });
      }
    } else {
      setError(res.message || 'Đăng nhập không thành công');
    }
    setBusy(false);
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <h1>Đăng nhập</h1>
      <p className="muted">Vui lòng đăng nhập để vào trang quản trị.</p>
      {solving && (
        <div className="auth-alert" role="status" data-testid="login-challenge">
          Tài khoản đang bị thử mật khẩu nhiều lần. Trình duyệt đang xác minh, vui lòng chờ trong giây lát…
        </div>
      )}
      {error && (
        <div className="auth-alert" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      <label htmlFor="username">Tên đăng nhập</label>
      <input
        id="username"
        name="username"
        autoComplete="username"
        autoFocus
        placeholder="Nhập tên đăng nhập"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        aria-invalid={!!errors.username}
        aria-describedby={errors.username ? 'username-error' : undefined}
        disabled={busy}
      />
      {errors.username && (
        <div className="field-error" id="username-error">
          {errors.username}
        </div>
      )}
      <label htmlFor="password">Mật khẩu</label>
      <div className="password-box">
        <input
          id="password"
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder="Nhập mật khẩu"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          disabled={busy}
        />
        <button type="button" className="link-button" onClick={() => setShow(!show)} aria-label={show ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}>
          {show ? 'Ẩn' : 'Hiện'}
        </button>
      </div>
      {errors.password && (
        <div className="field-error" id="password-error">
          {errors.password}
        </div>
      )}
      <div className="auth-row">
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={busy} />
          Ghi nhớ đăng nhập
        </label>
        <Link to="/auth/forget-password">Quên mật khẩu?</Link>
      </div>
      <button type="submit" className="primary-button" disabled={busy}>
        {solving ? 'Đang xác minh trình duyệt...' : busy ? 'Đang đăng nhập...' : 'Đăng nhập'}
      </button>
    </form>
  );
}
