/** Hosts that make the server listen on every network interface of the machine. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '']);

/**
 * The start banner's line on where the server listens. HOST defaults to every interface (a
 * container's port mapping needs it); behind a reverse proxy on the same machine that also opens the
 * port to the network, so the banner says it and how to narrow it (docs/operations.md).
 */
export function listenLine(host: string, port: number): string {
  if (EVERY_INTERFACE.has(host.trim())) {
    return `  Đang nghe trên MỌI giao diện mạng (HOST=${host || '0.0.0.0'}), cổng ${port}: máy khác trong mạng gọi thẳng được cổng này. Sau một proxy ngược trên cùng máy, hãy đặt HOST=127.0.0.1 (hoặc địa chỉ giao diện mà proxy dùng).`;
  }
  return `  Đang nghe trên ${host}, cổng ${port}`;
}
