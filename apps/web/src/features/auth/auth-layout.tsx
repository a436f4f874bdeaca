import { Outlet } from 'react-router-dom';
import './auth.css';

/** The frame of the public sign-in screens: plain markup, so the sign-in page stays small. */
export default function AuthLayout() {
  return (
    <main className="auth-page">
      <section className="auth-intro" aria-hidden="true">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h2>Nông nghiệp số</h2>
        <p>Hệ thống quản lý nông nghiệp thông minh và truy xuất nguồn gốc sản phẩm</p>
      </section>
      <div className="auth-card">
        <Outlet />
        <p className="auth-foot">© {new Date().getFullYear()} Nông nghiệp số · Trang quản trị</p>
      </div>
    </main>
  );
}
