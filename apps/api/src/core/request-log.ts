import type { FastifyInstance } from 'fastify';
import { redactedUrl } from './secret-path';

export type RequestLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * The level of a request's one log line: a server error is an error; the web app's pages and files
 * (anything outside /api) that were served well are routine, so they show only at debug; the rest
 * (API calls, refusals, files not found) at info.
 */
export function requestLogLevel(url: string, status: number): RequestLogLevel {
  if (status >= 500) return 'error';
  const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  if (!api && status < 400) return 'debug';
  return 'info';
}

/**
 * One line per request, when its answer has gone (Fastify's own two lines, 'incoming request' and
 * 'request completed', are turned off): method, URL with secrets named not shown, status, time.
 * The arrival is logged at debug only.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    req.log.debug({ req }, 'incoming request');
  });
  app.addHook('onResponse', async (req, reply) => {
    const url = redactedUrl(req);
    const level = requestLogLevel(req.url, reply.statusCode);
    const ms = Math.round(reply.elapsedTime);
    req.log[level]({ method: req.method, url, statusCode: reply.statusCode, responseTime: ms }, `${req.method} ${url} ${reply.statusCode} ${ms} ms`);
  });
}
