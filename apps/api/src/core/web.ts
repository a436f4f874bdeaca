import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Serves the built SPA; the web engineer's version replaces this minimal one. */
export async function registerWeb(_app: FastifyInstance, _config: Config) {}
