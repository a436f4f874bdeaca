import { Outlet, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from './feedback';

/** Root of every route: shows 'Đang tải...' while a lazy screen is loading. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay force />}
    </>
  );
}
