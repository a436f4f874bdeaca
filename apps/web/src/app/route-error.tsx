import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a screen throws or its code cannot be downloaded; plain markup so it works without the lazy chunks. */
export function RouteError() {
  const err = useRouteError();
  const notFound = isRouteErrorResponse(err) && err.status === 404;
  const chunk = err instanceof Error && /dynamically imported module|Importing a module script|quá thời gian/i.test(err.message);
  if (err) console.error('[route]', err);
  return (
    <main className="route-error" role="alert">
      <h1>{notFound ? 'Không tìm thấy trang' : chunk ? 'Không tải được trang' : 'Đã có lỗi xảy ra'}</h1>
      <p>
        {chunk
          ? 'Phiên bản mới có thể vừa được cập nhật hoặc kết nối bị gián đoạn. Vui lòng tải lại trang.'
          : 'Xin lỗi, trang gặp sự cố ngoài ý muốn. Vui lòng tải lại trang hoặc quay về trang chủ.'}
      </p>
      <div>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Tải lại trang
        </button>
        <button type="button" onClick={() => window.location.assign('/admin/home')}>
          Về trang chủ
        </button>
      </div>
    </main>
  );
}
