import type { FastifyInstance } from 'fastify';
import { envelope } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** the shutdown's drain state (server.ts starts it on SIGTERM) */
    drain: DrainState;
  }
}

export const SHUTTING_DOWN = 'Máy chủ đang khởi động lại hoặc dừng để bảo trì, vui lòng thử lại sau ít giây';

export interface DrainState {
  /** set on SIGTERM: new requests get 503, answers close their connection */
  draining: boolean;
  /** requests received and not yet answered */
  inFlight: number;
}

/**
 * The part of a clean shutdown that lives in the app: once draining starts, every request received
 * from then on (the health check included, so a load balancer stops sending at once) is answered 503
 * with the Vietnamese envelope and `Connection: close`, while requests received before go on to their
 * answer, which then closes its connection too. Registered before any route.
 */
export function registerDrain(app: FastifyInstance): DrainState {
  const state: DrainState = { draining: false, inFlight: 0 };
  app.decorate('drain', state);
  const counted = new WeakSet<object>();
  app.addHook('onRequest', async (req, reply) => {
    if (state.draining) {
      return reply.code(503).header('connection', 'close').header('retry-after', '5').header('cache-control', 'no-store').send(envelope(503, SHUTTING_DOWN));
    }
    counted.add(req);
    state.inFlight++;
  });
  const done = (req: object) => {
    if (counted.delete(req)) state.inFlight--;
  };
  app.addHook('onResponse', async (req) => done(req));
  app.addHook('onRequestAbort', async (req) => done(req));
  app.addHook('onSend', async (_req, reply, payload) => {
    if (state.draining) reply.header('connection', 'close');
    return payload;
  });
  return state;
}

/**
 * SIGTERM: drain for `drainMs` (the listener stays open, so no connection a client opens meanwhile
 * is reset: each gets its 503), then stop listening, let the requests in flight finish, close the
 * database and resolve. Keep-alive connections left idle are closed as they turn idle.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.drain.draining = true;
  const until = Date.now() + drainMs;
  while (Date.now() < until) await new Promise((r) => setTimeout(r, Math.min(50, Math.max(1, until - Date.now()))));
  // keep-alive connections whose request was in flight turn idle only after their answer; close them
  // then, or app.close() waits for the client to hang up
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  idle.unref();
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}
