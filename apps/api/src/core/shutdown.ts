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

/** how long no new connection must have arrived before the listener closes after the drain window */
export const DRAIN_QUIET_MS = 250;

/**
 * SIGTERM: drain for `drainMs` (the listener stays open, so no connection a client opens meanwhile
 * is reset: each gets its 503), and longer while connections still arrive: the listener closes only
 * once none has been accepted for DRAIN_QUIET_MS, checked after the event loop has polled for new
 * ones (a process starved of CPU during the window finds its waiting connections there, and a closed
 * listener would reset them), at most `drainMs` more. Then stop listening, let the requests in flight
 * finish, close the database and resolve. Keep-alive connections left idle are closed as they turn idle.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.drain.draining = true;
  let lastConnection = Date.now();
  const onConnection = () => {
    lastConnection = Date.now();
  };
  app.server.on('connection', onConnection);
  const until = Date.now() + drainMs;
  const cap = until + drainMs;
  for (;;) {
    const now = Date.now();
    if (now >= cap || (now >= until && now - lastConnection >= DRAIN_QUIET_MS)) {
      // one more turn of the event loop: connections waiting to be accepted are accepted in its poll
      // phase, before setImmediate's callbacks
      await new Promise((r) => setImmediate(r));
      if (Date.now() >= cap || Date.now() - lastConnection >= DRAIN_QUIET_MS) break;
    }
    // until the window ends, then until the quiet period since the last connection would end
    const next = now < until ? until - now : DRAIN_QUIET_MS - (now - lastConnection);
    await new Promise((r) => setTimeout(r, Math.min(50, Math.max(1, next))));
  }
  app.server.off('connection', onConnection);
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
