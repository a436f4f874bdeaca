import { ConfigProvider } from 'antd';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import type { ComponentType, ReactNode } from 'react';
// the pickers' today/now are Vietnam's (UTC+7), whatever the browser's zone
import '../core/vn-time';
import { theme } from './theme';

dayjs.locale('vi');

/**
 * antd's locale and theme. Mounted by each lazily loaded screen tree (admin shell, auth screens,
 * notices) rather than at the root, so the sign-in page does not download the component library.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={viVN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export function withAntd<P extends object>(C: ComponentType<P>) {
  return function WithAntd(props: P) {
    return (
      <AntdRoot>
        <C {...props} />
      </AntdRoot>
    );
  };
}
