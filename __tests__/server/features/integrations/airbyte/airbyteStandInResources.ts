// What the Airbyte stand-in keeps in memory and how it answers each operation, the way Airbyte
// does: UUID ids, soft deletes (a deleted source's connections become deprecated), 404 for ids it
// does not know, secret configuration fields masked, a connection's streams checked against what
// the source offers, one sync at a time per connection, and a job moving pending → running →
// succeeded over successive GETs (cancel → cancelled). The request has been checked against the
// description before it gets here (airbyteStandIn.ts).
import { randomUUID } from 'node:crypto';

type JsonObject = Record<string, unknown>;

export interface StreamOffer {
  streamName: string;
  syncModes: string[];
  defaultCursorField?: string[];
  sourceDefinedCursorField?: boolean;
  sourceDefinedPrimaryKey?: string[][];
  propertyFields?: string[][];
}

const ALL_MODES = ['full_refresh_overwrite', 'full_refresh_append', 'incremental_append', 'incremental_deduped_history'];
/** What Airbyte's Faker source discovers, the source the tests create. */
export const FAKER_STREAMS: StreamOffer[] = ['users', 'products', 'purchases'].map((streamName) => ({
  streamName,
  syncModes: ALL_MODES,
  defaultCursorField: ['updated_at'],
  sourceDefinedCursorField: true,
  sourceDefinedPrimaryKey: [['id']],
  propertyFields: [['id'], ['updated_at'], ['created_at']],
}));

export interface Answer {
  status: number;
  body?: unknown;
  /** Answered as is (a proxy's page, say), not as JSON. */
  text?: string;
  contentType?: string;
  /** A redirect's target. */
  location?: string;
}

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

const notFound = (what: string, id: string | number) => new Refusal(404, 'resource-not-found', `${what} ${id} was not found.`);
export const badRequest = (detail: string) => new Refusal(400, 'bad-request', detail);
const conflict = (detail: string) => new Refusal(409, 'conflict', detail);

export function problem(status: number, title: string, detail: string): Answer {
  return {
    status,
    body: { type: `https://reference.airbyte.com/reference/errors#${title}`, title, status, detail },
    contentType: 'application/problem+json',
  };
}

/** Airbyte's time stamps: UTC, whole seconds. */
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Stored<T> {
  value: T;
  deleted: boolean;
}

interface StoredJob {
  jobId: number;
  status: 'pending' | 'running' | 'succeeded' | 'cancelled';
  jobType: 'sync' | 'reset';
  connectionId: string;
  workspaceId: string;
  createdAt: number;
  updatedAt: number;
  rows: number;
  polls: number;
}

/** What the resources need from the stand-in around them. */
export interface StandInWorld {
  /** The API root as clients reach it (for the `next` / `previous` links). */
  url: () => string;
  /** A connector's schema in the description (`source-faker`), by kind and type. */
  connectorSchema: (kind: 'source' | 'destination', type: string) => JsonObject | undefined;
  /** What discover finds, by source type. */
  streams: Record<string, StreamOffer[]>;
}

export class StandInResources {
  private readonly workspaces = new Map<string, Stored<JsonObject>>();
  private readonly sources = new Map<string, Stored<JsonObject>>();
  private readonly destinations = new Map<string, Stored<JsonObject>>();
  private readonly connections = new Map<string, Stored<JsonObject>>();
  private readonly jobs = new Map<number, StoredJob>();
  private nextJobId = 7001;

  constructor(private readonly world: StandInWorld) {}

  /** The answer to one operation of the description, by its `operationId`, the request already checked. */
  operate(operationId: string, params: Record<string, string>, query: URLSearchParams, body: JsonObject): Answer {
    switch (operationId) {
      case 'get /health':
        return { status: 200 };
      case 'listWorkspaces':
        return this.page('/v1/workspaces', this.live(this.workspaces, query), query);
      case 'createWorkspace':
        return this.created(this.workspaces, 'workspaceId', { workspaceId: randomUUID(), name: body.name, dataResidency: 'auto' });
      case 'getWorkspace':
        return { status: 200, body: this.find(this.workspaces, 'Workspace', params.workspaceId) };
      case 'listSources':
        return this.page(
          '/v1/sources',
          this.live(this.sources, query).map((source) => this.masked(source, 'source')),
          query,
        );
      case 'createSource':
        return { status: 200, body: this.masked(this.saveActor('source', body).value, 'source') };
      case 'getSource':
        return { status: 200, body: this.masked(this.find(this.sources, 'Source', params.sourceId), 'source') };
      case 'patchSource':
        return { status: 200, body: this.masked(this.patchActor('source', params.sourceId ?? '', body), 'source') };
      case 'deleteSource':
        return this.deleteActor('source', params.sourceId ?? '');
      case 'listDestinations':
        return this.page(
          '/v1/destinations',
          this.live(this.destinations, query).map((destination) => this.masked(destination, 'destination')),
          query,
        );
      case 'createDestination':
        return { status: 200, body: this.masked(this.saveActor('destination', body).value, 'destination') };
      case 'getDestination':
        return { status: 200, body: this.masked(this.find(this.destinations, 'Destination', params.destinationId), 'destination') };
      case 'patchDestination':
        return { status: 200, body: this.masked(this.patchActor('destination', params.destinationId ?? '', body), 'destination') };
      case 'deleteDestination':
        return this.deleteActor('destination', params.destinationId ?? '');
      case 'listConnections':
        return this.page('/v1/connections', this.live(this.connections, query), query);
      case 'createConnection':
        return { status: 200, body: this.createConnection(body) };
      case 'getConnection':
        return { status: 200, body: this.find(this.connections, 'Connection', params.connectionId) };
      case 'patchConnection':
        return { status: 200, body: this.patchConnection(params.connectionId ?? '', body) };
      case 'deleteConnection': {
        this.find(this.connections, 'Connection', params.connectionId);
        (this.connections.get(params.connectionId ?? '') as Stored<JsonObject>).deleted = true;
        return { status: 204 };
      }
      case 'getStreamProperties':
        return { status: 200, body: this.discover(query.get('sourceId') ?? '') };
      case 'createJob':
        return { status: 200, body: this.startJob(String(body.connectionId), body.jobType as 'sync' | 'reset') };
      case 'getJob':
        return { status: 200, body: this.pollJob(Number(params.jobId)) };
      case 'listJobs':
        return this.listJobs(query);
      case 'cancelJob':
        return { status: 200, body: this.cancelJob(Number(params.jobId)) };
      default:
        return problem(501, 'not-implemented', `The stand-in does not answer ${operationId}.`);
    }
  }

  private live(store: Map<string, Stored<JsonObject>>, query: URLSearchParams): JsonObject[] {
    const workspaceIds = query.getAll('workspaceIds');
    const includeDeleted = query.get('includeDeleted') === 'true';
    return [...store.values()]
      .filter((item) => includeDeleted || !item.deleted)
      .filter((item) => !workspaceIds.length || workspaceIds.includes(String(item.value.workspaceId)))
      .map((item) => item.value);
  }

  /** One page of a list, with `next` / `previous` links as Airbyte gives them. */
  private page(pathname: string, items: unknown[], query: URLSearchParams): Answer {
    const limit = Number(query.get('limit') ?? 20);
    const offset = Number(query.get('offset') ?? 0);
    const link = (at: number) => {
      const params = new URLSearchParams(query);
      params.set('limit', String(limit));
      params.set('offset', String(at));
      return `${this.world.url()}${pathname}?${params.toString()}`;
    };
    return {
      status: 200,
      body: {
        data: items.slice(offset, offset + limit),
        ...(offset + limit < items.length ? { next: link(offset + limit) } : {}),
        ...(offset > 0 ? { previous: link(Math.max(0, offset - limit)) } : {}),
      },
    };
  }

  private created(store: Map<string, Stored<JsonObject>>, key: string, value: JsonObject): Answer {
    store.set(String(value[key]), { value, deleted: false });
    return { status: 200, body: value };
  }

  private find(store: Map<string, Stored<JsonObject>>, what: string, id: string | undefined): JsonObject {
    const item = store.get(id ?? '');
    if (!item || item.deleted) throw notFound(what, id ?? '');
    return item.value;
  }

  /** Secret fields come back as `**********`, as Airbyte answers them. */
  private masked(actor: JsonObject, kind: 'source' | 'destination'): JsonObject {
    const configuration = { ...(actor.configuration as JsonObject) };
    const properties = (this.world.connectorSchema(kind, String(actor[`${kind}Type`]))?.properties ?? {}) as Record<string, JsonObject>;
    for (const [name, property] of Object.entries(properties)) {
      if (property.airbyte_secret === true && name in configuration) configuration[name] = '**********';
    }
    return { ...actor, configuration };
  }

  private actorStore(kind: 'source' | 'destination') {
    return kind === 'source' ? this.sources : this.destinations;
  }

  private saveActor(kind: 'source' | 'destination', body: JsonObject): Stored<JsonObject> {
    const configuration = body.configuration as JsonObject;
    this.find(this.workspaces, 'Workspace', String(body.workspaceId));
    const type = configuration[`${kind}Type`] ?? (body.definitionId ? `definition-${String(body.definitionId)}` : undefined);
    if (typeof type !== 'string') throw badRequest(`One of configuration.${kind}Type or definitionId must be provided.`);
    const value = { [`${kind}Id`]: randomUUID(), name: body.name, [`${kind}Type`]: type, workspaceId: body.workspaceId, configuration };
    const stored = { value, deleted: false };
    this.actorStore(kind).set(String(value[`${kind}Id`]), stored);
    return stored;
  }

  private patchActor(kind: 'source' | 'destination', id: string, body: JsonObject): JsonObject {
    const current = this.find(this.actorStore(kind), kind === 'source' ? 'Source' : 'Destination', id);
    if (body.workspaceId !== undefined) this.find(this.workspaces, 'Workspace', String(body.workspaceId));
    const configuration = body.configuration as JsonObject | undefined;
    if (configuration && configuration[`${kind}Type`] !== undefined && configuration[`${kind}Type`] !== current[`${kind}Type`]) {
      throw badRequest(
        `configuration.${kind}Type cannot change from ${String(current[`${kind}Type`])} to ${String(configuration[`${kind}Type`])}.`,
      );
    }
    const previous = current.configuration as JsonObject;
    // A masked value sent back keeps the stored secret, as in Airbyte.
    const merged = configuration
      ? Object.fromEntries(Object.entries(configuration).map(([key, value]) => [key, value === '**********' ? previous[key] : value]))
      : previous;
    Object.assign(current, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.workspaceId !== undefined ? { workspaceId: body.workspaceId } : {}),
      configuration: merged,
    });
    return current;
  }

  private deleteActor(kind: 'source' | 'destination', id: string): Answer {
    this.find(this.actorStore(kind), kind === 'source' ? 'Source' : 'Destination', id);
    (this.actorStore(kind).get(id) as Stored<JsonObject>).deleted = true;
    // Airbyte keeps the connections of a deleted source or destination, marked deprecated.
    for (const { value } of this.connections.values()) {
      if (value[`${kind}Id`] === id) value.status = 'deprecated';
    }
    return { status: 204 };
  }

  private discover(sourceId: string): StreamOffer[] {
    const source = this.find(this.sources, 'Source', sourceId);
    const streams = this.world.streams[String(source.sourceType)];
    if (!streams)
      throw badRequest(`The stand-in does not know what a ${String(source.sourceType)} source offers (StandInOptions.streams).`);
    return streams;
  }

  /** The streams of a connection, checked against what the source offers, as Airbyte checks them. */
  private streamSettings(sourceId: string, configurations: JsonObject | undefined): JsonObject {
    const offered = this.discover(sourceId);
    const requested: JsonObject[] =
      (configurations?.streams as JsonObject[] | undefined) ?? offered.map((offer) => ({ name: offer.streamName }));
    const streams = requested.map((stream) => {
      const offer = offered.find((candidate) => candidate.streamName === stream.name);
      if (!offer) throw badRequest(`Invalid stream found: ${String(stream.name)} is not a stream of the source.`);
      const syncMode = (stream.syncMode as string | undefined) ?? offer.syncModes[0];
      if (!offer.syncModes.includes(String(syncMode)))
        throw badRequest(`Invalid sync mode ${String(syncMode)} for stream ${offer.streamName}.`);
      return { ...stream, syncMode };
    });
    return { streams };
  }

  private checkSchedule(schedule: JsonObject | undefined): void {
    if (schedule?.scheduleType === 'cron' && !schedule.cronExpression)
      throw badRequest('schedule.cronExpression is required when scheduleType is cron.');
  }

  private createConnection(body: JsonObject): JsonObject {
    const source = this.find(this.sources, 'Source', String(body.sourceId));
    const destination = this.find(this.destinations, 'Destination', String(body.destinationId));
    if (source.workspaceId !== destination.workspaceId) throw badRequest('The source and the destination belong to different workspaces.');
    this.checkSchedule(body.schedule as JsonObject | undefined);
    const value: JsonObject = {
      connectionId: randomUUID(),
      name: body.name ?? `${String(source.name)} → ${String(destination.name)}`,
      sourceId: source.sourceId,
      destinationId: destination.destinationId,
      workspaceId: source.workspaceId,
      status: body.status ?? 'active',
      schedule: body.schedule ?? { scheduleType: 'manual' },
      dataResidency: body.dataResidency ?? 'auto',
      nonBreakingSchemaUpdatesBehavior: body.nonBreakingSchemaUpdatesBehavior ?? 'ignore',
      namespaceDefinition: body.namespaceDefinition ?? 'destination',
      ...(body.namespaceFormat !== undefined ? { namespaceFormat: body.namespaceFormat } : {}),
      ...(body.prefix !== undefined ? { prefix: body.prefix } : {}),
      configurations: this.streamSettings(String(source.sourceId), body.configurations as JsonObject | undefined),
    };
    this.connections.set(String(value.connectionId), { value, deleted: false });
    return value;
  }

  private patchConnection(id: string, body: JsonObject): JsonObject {
    const current = this.find(this.connections, 'Connection', id);
    this.checkSchedule(body.schedule as JsonObject | undefined);
    const configurations = body.configurations
      ? this.streamSettings(String(current.sourceId), body.configurations as JsonObject)
      : current.configurations;
    Object.assign(current, Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)), { configurations });
    return current;
  }

  private jobAnswer(job: StoredJob): JsonObject {
    const seconds = Math.round((job.updatedAt - job.createdAt) / 1000);
    return {
      jobId: job.jobId,
      status: job.status,
      jobType: job.jobType,
      connectionId: job.connectionId,
      startTime: timestamp(job.createdAt),
      lastUpdatedAt: timestamp(job.updatedAt),
      duration: `PT${seconds}S`,
      rowsSynced: job.rows,
      bytesSynced: job.rows * 120,
    };
  }

  private startJob(connectionId: string, jobType: 'sync' | 'reset'): JsonObject {
    const connection = this.find(this.connections, 'Connection', connectionId);
    if (connection.status === 'deprecated')
      throw badRequest(`Connection ${connectionId} is deprecated: its source or destination was deleted.`);
    const running = [...this.jobs.values()].find(
      (job) => job.connectionId === connectionId && (job.status === 'pending' || job.status === 'running'),
    );
    if (running) throw conflict(`A sync is already running for connection ${connectionId} (job ${running.jobId}).`);
    const now = Date.now();
    const job: StoredJob = {
      jobId: this.nextJobId++,
      status: 'pending',
      jobType,
      connectionId,
      workspaceId: String(connection.workspaceId),
      createdAt: now,
      updatedAt: now,
      rows: 0,
      polls: 0,
    };
    this.jobs.set(job.jobId, job);
    return this.jobAnswer(job);
  }

  private storedJob(jobId: number): StoredJob {
    const job = this.jobs.get(jobId);
    if (!job) throw notFound('Job', jobId);
    return job;
  }

  /** Each GET moves a live job one step: pending → running (half the rows) → succeeded. */
  private pollJob(jobId: number): JsonObject {
    const job = this.storedJob(jobId);
    const streams =
      ((this.connections.get(job.connectionId)?.value.configurations as JsonObject | undefined)?.streams as unknown[] | undefined)
        ?.length ?? 0;
    const total = job.jobType === 'sync' ? streams * 1000 : 0;
    if (job.status === 'pending' || job.status === 'running') {
      job.polls += 1;
      job.updatedAt = Math.max(Date.now(), job.createdAt + job.polls * 1000);
      if (job.status === 'pending') {
        job.status = 'running';
        job.rows = total / 2;
      } else {
        job.status = 'succeeded';
        job.rows = total;
      }
    }
    return this.jobAnswer(job);
  }

  private cancelJob(jobId: number): JsonObject {
    const job = this.storedJob(jobId);
    if (job.status !== 'pending' && job.status !== 'running')
      throw conflict(`Job ${jobId} has already ${job.status} and cannot be cancelled.`);
    job.status = 'cancelled';
    job.updatedAt = Date.now();
    return this.jobAnswer(job);
  }

  private listJobs(query: URLSearchParams): Answer {
    const [field = 'createdAt', direction = 'ASC'] = (query.get('orderBy') ?? 'createdAt|ASC').split('|');
    if (field !== 'createdAt' && field !== 'updatedAt') throw badRequest(`orderBy: ${field} is not createdAt or updatedAt.`);
    if (direction !== 'ASC' && direction !== 'DESC') throw badRequest(`orderBy: ${direction} is not ASC or DESC.`);
    const workspaceIds = query.getAll('workspaceIds');
    const jobs = [...this.jobs.values()]
      .filter((job) => !query.get('connectionId') || job.connectionId === query.get('connectionId'))
      .filter((job) => !query.get('jobType') || job.jobType === query.get('jobType'))
      .filter((job) => !query.get('status') || job.status === query.get('status'))
      .filter((job) => !workspaceIds.length || workspaceIds.includes(job.workspaceId))
      .sort((a, b) => {
        const key = field === 'createdAt' ? 'createdAt' : 'updatedAt';
        const order = a[key] - b[key] || a.jobId - b.jobId;
        return direction === 'ASC' ? order : -order;
      });
    return this.page(
      '/v1/jobs',
      jobs.map((job) => this.jobAnswer(job)),
      query,
    );
  }
}
