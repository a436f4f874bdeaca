import { Spin, type SpinProps } from 'antd';
import { LOADING_TEXT } from './feedback';

/**
 * Local loading states say 'Đang tải...' (spec §2) like the full-screen overlay, which stays for
 * route loads and saves. `loadingProps` goes to antd's Table (`loading={loadingProps(q.isFetching)}`)
 * or to a Spin wrapping content; the table keeps its rows under the veil while a page changes.
 */
export const loadingProps = (spinning: boolean): SpinProps & { spinning: boolean; tip: string } => ({ spinning, tip: LOADING_TEXT });

/** A block that is loading on its own (a detail card, a form's record, a lazy editor, a map). */
export function LoadingBlock({ height = 160 }: { height?: number | string }) {
  return (
    <Spin tip={LOADING_TEXT} size="large">
      <div style={{ height }} role="status" aria-label={LOADING_TEXT} />
    </Spin>
  );
}

/** A loading state inside a line: a select’s dropdown, a dashboard figure. */
export function InlineLoading() {
  return (
    <span className="inline-loading">
      <Spin size="small" /> {LOADING_TEXT}
    </span>
  );
}
