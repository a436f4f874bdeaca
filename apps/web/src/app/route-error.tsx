import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a screen throws or its code cannot be downloaded (e.g. after a new release). */
export function RouteError() {
  const err = useRouteError();
  const notFound = isRouteErrorResponse(err) && err.status === 404;
  const chunk = err instanceof Error && /dynamically imported module|Importing a module script|quá thời gian/i.test(err.message);
  if (err) console.error('[route]', err);
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status={notFound ? '404' : '500'}
        title={notFound ? 'Không tìm thấy trang' : chunk ? 'Không tải được trang' : 'Đã có lỗi xảy ra'}
        subTitle={
          chunk
            ? 'Phiên bản mới có thể vừa được cập nhật hoặc kết nối bị gián đoạn. Vui lòng tải lại trang.'
            : 'Xin lỗi, trang gặp sự cố ngoài ý muốn. Vui lòng tải lại trang hoặc quay về trang chủ.'
        }
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            Tải lại trang
          </Button>,
          <Button key="home" onClick={() => window.location.assign('/admin/home')}>
            Về trang chủ
          </Button>,
        ]}
      />
    </div>
  );
}
