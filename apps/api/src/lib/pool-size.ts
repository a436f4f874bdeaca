import os from 'node:os';

/**
 * PostgreSQL connections per API process unless DATABASE_POOL_SIZE says: twice the machine's cores
 * plus two, from 6 to 20. More connections than the cores can run only queue inside PostgreSQL, where
 * the operating system shares the cores among them: fewer connections gave a lower p99 for the same
 * requests per second (bench/RESULTS.md). At least 6, so a few slow exports leave room for the rest.
 */
export const DEFAULT_POOL_SIZE = Math.min(20, Math.max(6, 2 * os.availableParallelism() + 2));
