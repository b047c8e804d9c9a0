// The one shape of a server area. Each area folder has an `area.ts` whose `area` export is a
// PortalArea; the app (server/src/app/areas.ts) lists them and registers each in turn with the
// same context. An area adds its routes, job kinds and schedules in `register`, provides or uses
// ports (platform/ports) to talk to other areas, and returns what must happen once everything is
// registered (`start`) and at shutdown (`close`). docs/architecture.md walks through an example.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobRunner } from '../jobs/index.js';
import type { LiveChannel } from '../live/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PortRegistry } from '../ports/portRegistry.js';
import type { ReportSignal, SignalBus } from '../signals/index.js';
import type { StoreDb } from '../store/openStore.js';

/** What the platform hands every area: the same objects for all of them. */
export interface AreaContext {
  app: FastifyInstance;
  db: StoreDb;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  live: LiveChannel;
  notifications: NotificationsService;
  signals: SignalBus;
  /** `signals.report` as a plain function, for the areas that only report. */
  reportSignal: ReportSignal;
  ports: PortRegistry;
}

/** Work an area does after every area has registered, and on shutdown (areas close newest first). */
export interface AreaLifecycle {
  /** Before the portal serves, before the job runner starts (recover, seed, schedule). */
  start?(): Promise<void>;
  /** After the server stopped taking requests, before the job runner stops. */
  close?(): Promise<void>;
}

/**
 * A server area. `Inputs` is the slice of the app's inputs (settings, the warehouse registry, the
 * identity service) the area reads, written as a structural type so the area imports nothing of
 * the app: the compiler checks that the app's inputs hold it.
 */
export interface PortalArea<Inputs = unknown> {
  /** The area's folder name under server/src/features. */
  readonly id: string;
  readonly register: (context: AreaContext, inputs: Inputs) => Promise<AreaLifecycle | void> | AreaLifecycle | void;
}

/** Declares an area (the identity function, for the type check and one recognisable line per area). */
export function defineArea<Inputs>(area: PortalArea<Inputs>): PortalArea<Inputs> {
  return area;
}
