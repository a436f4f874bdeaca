import { bannerLines, buildApp, seedDemo } from './app';
import { listenLine } from './core/listen-banner';
import { housekeeping } from './core/platform-routes';
import { drainAndClose } from './core/shutdown';

/** Starts the product: migrates, seeds a new database, listens, and closes cleanly on SIGTERM/SIGINT. */
async function main() {
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const { app, generatedAdminPassword, freshDatabase } = built;
  const { config } = app.services;
  if (config.SEED_DEMO === 'yes' || (freshDatabase && config.SEED_DEMO === 'auto' && !config.DATABASE_URL)) {
    try {
      await seedDemo(app.services);
    } catch (err) {
      // no half demo behind a running server: the start stops, saying which seed failed and why
      const e = err as Error;
      console.error(`\n  ${e.message}`);
      console.error('  Máy chủ không khởi động. Cơ sở dữ liệu có thể đã giữ một phần dữ liệu mẫu: sửa lỗi rồi chạy lại với SEED_DEMO=yes');
      console.error('  (phần đã có được bỏ qua), hoặc tạo lại cơ sở dữ liệu; SEED_DEMO=no khởi động không có dữ liệu mẫu.\n');
      console.error((e.cause as Error | undefined)?.stack ?? e.stack);
      await app.close().catch(() => {});
      process.exit(1);
    }
  }
  await housekeeping(app.services).catch((err) => app.log.error({ err }, 'housekeeping failed'));
  const timer = setInterval(() => housekeeping(app.services).catch(() => {}), 24 * 3600_000);
  timer.unref();
  const extra = await bannerLines(app.services);
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite nhúng tại ${config.dataDir}/pglite`;
  // one block: address, storage, how to sign in, the demo accounts
  const block = [
    `\n  Hệ thống quản trị Nông nghiệp số đang chạy: ${url}`,
    listenLine(config.HOST, (app.server.address() as { port: number }).port),
    `  Cơ sở dữ liệu: ${db}`,
    `  Nơi lưu tệp: ${app.services.storage.description}`,
  ];
  if (generatedAdminPassword) {
    block.push(`  Đăng nhập: admin / ${generatedAdminPassword}   (mật khẩu tạo ngẫu nhiên, chỉ in một lần — hãy đổi sau khi đăng nhập)\n`);
  } else if (freshDatabase && config.ADMIN_PASSWORD) {
    block.push('  Đăng nhập: admin / (giá trị ADMIN_PASSWORD)\n');
  } else {
    block.push('  Đăng nhập bằng tài khoản admin với mật khẩu đã đặt khi tạo cơ sở dữ liệu.\n');
  }
  block.push(...extra);
  console.log(block.join('\n'));
  let closing = false;
  const shutdown = async (sig: string) => {
    if (closing) return;
    closing = true;
    // Ctrl-C at a terminal is someone waiting: no drain window
    const drainMs = sig === 'SIGINT' ? 0 : config.SHUTDOWN_DRAIN_MS;
    app.log.info(`${sig}: đang dừng; trong ${drainMs} ms yêu cầu mới nhận 503, các yêu cầu đang xử lý được hoàn tất`);
    const force = setTimeout(
      () => {
        app.log.error('quá thời gian dừng: buộc thoát');
        process.exit(1);
      },
      2 * drainMs + 15000,
    );
    force.unref();
    try {
      await drainAndClose(app, drainMs);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // a store that does not answer leaves the rest of the system working: said here, and in /api/health
  await app.services.storage
    .check()
    .catch((err) => console.log(`  CẢNH BÁO: chưa dùng được nơi lưu tệp (${(err as Error).name}: ${(err as Error).message})\n`));
}

void main();
