import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Storage } from '../lib/storage';
import type { Mailer } from './mail';

/** What every route and module may use; built once per app instance. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  mail: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}
