import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './mail';
import type { Storage } from './storage';

/** What every route and module may use; built once per app instance. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  mail: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}
