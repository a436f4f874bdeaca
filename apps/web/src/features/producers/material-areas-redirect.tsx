import { Navigate, useLocation } from 'react-router-dom';

/**
 * The spec lists material areas both at the top level and under 'culture'; the screens live at
 * /admin/material-areas and the culture path leads there, keeping the rest of the URL.
 */
export default function MaterialAreasRedirect() {
  const { pathname, search } = useLocation();
  const to = pathname.replace(/^\/admin\/culture\/material-areas/, '/admin/material-areas');
  return <Navigate to={`${to}${search}`} replace />;
}
