import type { Action, CreateInputOf, ResourceDef, RowOf, StoredRowOf, Subject, UpdateInputOf } from '@nns/shared';
import type { ResourceDefOf, ResourceName } from '@nns/shared/registry';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Services } from './services';

/**
 * Who may call a route: anyone, any signed-in user, or holders of one permission; 'socket' is a
 * WebSocket route that authenticates itself on its first message (core/realtime.ts), never added
 * through `Router.add`.
 */
export type Access = 'public' | 'authenticated' | 'socket' | { action: Action; subject: Subject };
export type HttpAccess = Exclude<Access, 'socket'>;

export interface SessionUser {
  id: number;
  username: string;
  full_name: string;
  role_id: number | null;
  /** what the account sees (core/scope.ts): everything, one province (province_id), one ward (ward_id) or one producer (manufacture_id) */
  scope: 'all' | 'province' | 'ward' | 'producer';
  province_id: number | null;
  ward_id: number | null;
  /** the producer (manufacture) a producer's account works for */
  manufacture_id: number | null;
  session_id: number;
  must_change_password: boolean;
  /** 'action:subject' */
  permissions: Set<string>;
}

export interface Ctx<P = any, Q = any, B = any> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: P;
  query: Q;
  body: B;
  /** the signed-in user; null on public routes without a session */
  user: SessionUser | null;
  services: Services;
  /** writes an audit row in the given transaction (or outside one) */
  audit(entry: AuditEntry, tx?: Db): Promise<void>;
}

export interface AuditEntry {
  action: string;
  subject: string;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface RouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  /** Vietnamese summary for the OpenAPI document */
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** zod schema of `data` in the answer, for the OpenAPI document */
  response?: z.ZodType;
  /**
   * JSON schema of the whole 200 answer (envelope included): Fastify compiles it with
   * fast-json-stringify. A key it does not name is dropped, so only routes whose keys are known
   * (the generic list and read, core/resource-schema.ts) give one.
   */
  serialize?: Record<string, unknown>;
  /** the answer's status when it succeeds: 202 for a route that queues a background job (core/jobs.ts) */
  status?: 200 | 202;
  /** success message of the envelope */
  message?: string;
  /** the handler writes the reply itself (file download); the envelope is skipped */
  raw?: boolean;
  /** a raw route's media types, for the OpenAPI document (default application/octet-stream) */
  produces?: string[];
  /** a multipart upload: the body is read by the handler */
  multipart?: boolean;
  /** keys an object body may carry that are set aside before validation (a PUT echoing a GET answer) */
  bodyIgnores?: string[];
  /** path or query params that hold a secret (a reset token): the system log and the request log show `:name` (path) or `[đã ẩn]` (query) instead */
  secretParams?: string[];
  handler(ctx: Ctx<z.infer<P>, z.infer<Q>, z.infer<B>>): Promise<unknown>;
}

export interface Router {
  add<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(r: RouteDef<P, Q, B> & { access: HttpAccess }): void;
}

/** Keys beside the declared ones: what hooks derive, the references attached to a row, what presenters add. */
export type Extra = Record<string, unknown>;
/** A stored row of the resource (with its write-only fields), with whatever else the caller attached. */
export type StoredRow<D extends ResourceDef = ResourceDef> = StoredRowOf<D> & Extra;

/**
 * Per-resource server behaviour beside its shared declaration. `D` is the declaration (`typeof
 * products`): a module's `hooks: { products: … }` are given its typed rows and bodies; the generic
 * ResourceHooks sees records. Written as methods, so one resource's hooks fit where any resource's are kept.
 */
export interface ResourceHooks<D extends ResourceDef = ResourceDef> {
  /** shapes and checks the validated body before insert (hash a password, sanitise html…) */
  beforeCreate?(data: CreateInputOf<D> & Extra, ctx: Ctx, tx: Db): Promise<Extra> | Extra;
  beforeUpdate?(data: UpdateInputOf<D> & Extra, existing: StoredRow<D>, ctx: Ctx, tx: Db): Promise<Extra> | Extra;
  afterWrite?(row: StoredRow<D>, ctx: Ctx, tx: Db, op: 'create' | 'update' | 'delete' | 'action'): Promise<void> | void;
  beforeDelete?(row: StoredRow<D>, ctx: Ctx, tx: Db): Promise<void> | void;
  /** after a secret (password) of the record was set through the runtime: end what the old one opened */
  afterSecret?(row: StoredRow<D>, ctx: Ctx, tx: Db): Promise<void> | void;
  /** shapes a row for the client; the engine already dropped writeOnly fields */
  present?(row: RowOf<D> & Extra, ctx: Ctx | null): Extra;
  /** keys `present` adds: a PUT that sends an entry back as GET answered it may carry them (set aside) */
  presentedKeys?: string[];
  /** the documented type of each presentedKeys key (the OpenAPI row schema, core/resource-schema.ts) */
  presentedTypes?: Record<string, z.ZodType>;
  /**
   * read-only fields the before-hooks work out (a slug from the name, an image's size from its upload):
   * written when a hook puts them in the data, though no body may carry them
   */
  derived?: string[];
}

export interface ServerModule {
  name: string;
  /**
   * modules this one comes after: its demo seed runs after theirs, and where two modules extend the
   * same hook point of a resource, its hook runs after theirs (core/runtime.ts)
   */
  after?: string[];
  routes?(router: Router, services: Services): void;
  /**
   * how this module extends resources (by name): hooks compose across modules in `after` order; two
   * modules on the same point with no order between them stop the start, naming both
   */
  hooks?: ModuleHooks;
  /**
   * the module's background work (timers, subscriptions), started once the app is ready, after the
   * platform's own (job queue, notification scheduler) and in `after` order; the function it returns
   * stops it at close, in the reverse order, before the database closes (core/lifecycle.ts). The app
   * has started by then: no decorations or hooks on it.
   */
  start?(services: Services, app: FastifyInstance): undefined | Stop | Promise<undefined | Stop>;
  /**
   * work in the migrations' transaction at every start, after them and the platform's seed, in
   * `after` order (a reference list kept current): it commits or fails with them
   */
  afterMigrate?(tx: Db, at: { config: Config; log: FastifyBaseLogger }): Promise<void>;
  /**
   * demo data for a new database (npm start): runs after the platform's own seed and after the demo
   * seeds of the modules named in `after`; one that fails stops the start with its message
   */
  seedDemo?(services: Services): Promise<void>;
  /** what the module adds to the block `npm start` prints once listening (the demo accounts), or nothing */
  banner?(services: Services): Promise<string | undefined>;
}

/** A module's hooks by resource name, each typed by its declaration. */
export type ModuleHooks = { [N in ResourceName]?: ResourceHooks<ResourceDefOf<N>> };

/** Ends what a module's `start` began; may wait for work under way. */
export type Stop = () => void | Promise<void>;

export const defineModule = (m: ServerModule) => m;
export type { ResourceDef };
