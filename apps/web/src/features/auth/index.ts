import { createElement } from 'react';
import { Navigate } from 'react-router-dom';
import { defineFeature } from '../../app/feature';
import { antdPage, page } from '../../app/lazy-page';

/** Sign-in, forgotten password and reset: outside the admin shell. */
export default defineFeature({
  name: 'auth',
  publicRoutes: [
    {
      path: '/auth',
      lazy: page(() => import('./auth-layout')),
      children: [
        { index: true, element: createElement(Navigate, { to: '/auth/login', replace: true }) },
        { path: 'login', handle: { title: 'Đăng nhập' }, lazy: page(() => import('./login-page')) },
        { path: 'forget-password', handle: { title: 'Quên mật khẩu' }, lazy: antdPage(() => import('./forget-password-page')) },
        { path: 'check-email', handle: { title: 'Kiểm tra email' }, lazy: antdPage(() => import('./check-email-page')) },
        { path: 'reset-password', handle: { title: 'Đặt lại mật khẩu' }, lazy: antdPage(() => import('./reset-password-page')) },
      ],
    },
  ],
});
