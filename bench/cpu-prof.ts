// BENCH_CPU_PROF=dir: Node's CPU profile of each measured run alone (not the seed nor the warm-up), written
// as dir/<key>.cpuprofile (open it in Chrome's DevTools or speedscope). The inspector's stop shows as
// `dispatch` in it: not the app. Used by bench/run.ts and bench/monitoring.ts.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profiled<T>(key: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${key}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
