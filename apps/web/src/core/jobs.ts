import { type AnswerData, client, type Envelope } from './client';
import { notify } from './feedback';

/** A background job as the API shows it (apps/api/src/core/jobs.ts). */
export type Job = AnswerData<'/api/admin/jobs/{id}', 'get'>['job'];

const POLL_MS = 1000;

export interface FollowJob {
  /** the notice shown while the job runs (closed when it ends); by default the file's 'đang chuẩn bị…' */
  waiting?: { message: string; description?: string };
  /** the message of the answer once done; by default '<title>: đã xong' */
  done?: string;
}

/**
 * The answer of a route that may run as a background job (exports, print sheets, large stamp
 * runs): a 202 with the job is followed until it is done (a notice meanwhile, closed when it ends)
 * and answered like the old immediate route: 200 with the result (its `url`), or the job's error.
 * Any other answer is returned as it is.
 */
export async function jobResult<T = NonNullable<Job['result']>>(started: Envelope<unknown>, o: FollowJob = {}): Promise<Envelope<T>> {
  // a 202 answers `{ job }` (the document's 202); any other answer is the route's own, typed by the caller as T
  const queued = started?.code === 202 ? (started.data as { job?: Job } | null)?.job : undefined;
  if (!queued) return started as Envelope<T>;
  let job = queued;
  const waiting = o.waiting ?? { message: `${job.title}: đang chuẩn bị…`, description: 'Tệp sẽ được tải về khi xong; tiến độ xem trong mục Tác vụ.' };
  const close = notify.lasting(waiting.message, waiting.description);
  try {
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const env = await client.GET('/api/admin/jobs/{id}', { params: { path: { id: job.id } } });
      if (env?.code !== 200) return env as unknown as Envelope<T>;
      job = env.data.job;
    }
  } finally {
    close();
  }
  if (job.status === 'done' && job.result) return { code: 200, message: o.done ?? `${job.title}: đã xong`, data: job.result as T } as Envelope<T>;
  return { code: 409, message: job.error || `${job.title}: ${job.status_label.toLowerCase()}`, data: null as T } as Envelope<T>;
}
