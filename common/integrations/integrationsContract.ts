// The integrations API: connector definitions, sources (configured connectors), connections from a
// source into the organisation's warehouse, and their sync jobs. The browser imports types only.
import { z } from 'zod';
import { lineText } from '../text/textRules';
import { AirbyteCatalog, ConnectorSpecification, DestinationSyncMode, SyncMode } from './airbyteProtocol';
import {
  BULK_MAX,
  CONNECTION_NAME_MAX,
  CONNECTION_SEARCH_MAX,
  connectionHealths,
  connectionStatuses,
  connectorCategories,
  CRON_EXPRESSION_MAX,
  INTERVAL_HOURS_MAX,
  INTERVAL_HOURS_MIN,
  jobStatuses,
  SOURCE_NAME_MAX,
  supportLevels,
} from './integrationsRules';

const name = lineText;
const id = z.string().min(1).max(100);
/** A saved source's id (the store's uuid). */
const sourceRef = z.uuid('must be the id of one of your sources');
const config = z.record(z.string(), z.unknown(), { error: 'must be an object' });

// ---- Definitions -------------------------------------------------------------------------------

export const connectorDefinition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(connectorCategories),
  supportLevel: z.enum(supportLevels),
  /** Name of the icon the pages show (one of the portal's icon set). */
  icon: z.string(),
  /** built-in: shipped with the portal; declarative: an HTTP source defined in the page; executable: a program an admin registered. */
  kind: z.enum(['built-in', 'declarative', 'executable']),
  documentationUrl: z.string().nullable(),
});
export type ConnectorDefinition = z.infer<typeof connectorDefinition>;

export const definitionsResponse = z.object({ definitions: z.array(connectorDefinition) });

/** An administrator registers a program from the connector directory as a custom connector. */
export const definitionCreate = z.object({
  name: name(SOURCE_NAME_MAX),
  description: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  program: z.string().trim().min(1, 'choose a program').max(100),
});
export type DefinitionCreate = z.infer<typeof definitionCreate>;
export const programsResponse = z.object({ programs: z.array(z.string()) });
export const specResponse = z.object({ definitionId: z.string(), spec: ConnectorSpecification });

// ---- Sources ------------------------------------------------------------------------------------

export const sourceView = z.object({
  id: z.string(),
  name: z.string(),
  definition: connectorDefinition.pick({ id: true, name: true, icon: true, category: true }),
  /** Secrets are masked (`**********`); send the mask back to keep a stored secret. */
  config,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Connections that read from this source. */
  connectionCount: z.number(),
});
export type SourceView = z.infer<typeof sourceView>;

export const sourceCreate = z.object({ name: name(SOURCE_NAME_MAX), definitionId: id, config });
export type SourceCreate = z.infer<typeof sourceCreate>;
export const sourceUpdate = z.object({ name: name(SOURCE_NAME_MAX).optional(), config: config.optional() });
export type SourceUpdate = z.infer<typeof sourceUpdate>;
export const sourcesResponse = z.object({ sources: z.array(sourceView) });

/** Check a config before saving it (`sourceId` lets masked secrets stand for the stored ones). */
export const checkRequest = z.object({ definitionId: id, config, sourceId: sourceRef.optional() });
export type CheckRequest = z.infer<typeof checkRequest>;
export const checkResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  /** The connector's own words on failure. */
  message: z.string().nullable(),
  durationMs: z.number(),
});
export type CheckResult = z.infer<typeof checkResult>;

export const discoverResponse = z.object({ catalog: AirbyteCatalog });
/** Discover with a config as typed, nothing saved (the add-connector pages' step before the connection). */
export const discoverRequest = checkRequest;
export type DiscoverRequest = z.infer<typeof discoverRequest>;

/** Reads the first records of one stream with a config as typed (the custom connector page's "test"). */
export const previewRequest = checkRequest.extend({ stream: z.string().trim().min(1, 'choose a stream').max(200) });
export type PreviewRequest = z.infer<typeof previewRequest>;
export const previewResponse = z.object({
  stream: z.string(),
  records: z.array(z.record(z.string(), z.unknown())),
  /** Fields seen in the records, in first-seen order. */
  fields: z.array(z.string()),
  /** More records were there than the preview shows. */
  truncated: z.boolean(),
  durationMs: z.number(),
});
export type PreviewResponse = z.infer<typeof previewResponse>;

// ---- Connections --------------------------------------------------------------------------------

export const schedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({
    kind: z.literal('interval'),
    hours: z
      .number()
      .int('must be a whole number of hours')
      .min(INTERVAL_HOURS_MIN, `must be at least ${INTERVAL_HOURS_MIN}`)
      .max(INTERVAL_HOURS_MAX, `must be at most ${INTERVAL_HOURS_MAX}`),
  }),
  /** Five-field cron, evaluated in UTC. */
  z.object({ kind: z.literal('cron'), expression: z.string().trim().min(1, 'must not be empty').max(CRON_EXPRESSION_MAX) }),
]);
export type Schedule = z.infer<typeof schedule>;

export const streamSelection = z.object({
  name: z.string().min(1),
  namespace: z.string().min(1).optional(),
  selected: z.boolean(),
  syncMode: SyncMode,
  destinationSyncMode: DestinationSyncMode,
  cursorField: z.array(z.string()).optional(),
  primaryKey: z.array(z.array(z.string())).optional(),
});
export type StreamSelection = z.infer<typeof streamSelection>;

export const connectionCreate = z
  .object({
    name: name(CONNECTION_NAME_MAX),
    /** A saved source to read from… */
    sourceId: sourceRef.optional(),
    /**
     * …or a new one, saved together with the connection (the add-connector pages: a source is
     * only kept once its connection is made, so an abandoned page leaves nothing behind).
     */
    source: sourceCreate.optional(),
    /** Schema for streams without a namespace (a warehouse identifier). */
    destinationSchema: z.string().trim().min(1).max(255),
    streams: z.array(streamSelection).min(1, 'choose at least one stream'),
    schedule,
  })
  .refine((body) => (body.sourceId === undefined) !== (body.source === undefined), {
    error: 'give either the id of a saved source or a new source, not both',
    path: ['sourceId'],
  });
export type ConnectionCreate = z.infer<typeof connectionCreate>;

export const connectionUpdate = z.object({
  name: name(CONNECTION_NAME_MAX).optional(),
  status: z.enum(connectionStatuses).optional(),
  schedule: schedule.optional(),
  streams: z.array(streamSelection).min(1).optional(),
});
export type ConnectionUpdate = z.infer<typeof connectionUpdate>;

export const streamProgress = z.object({
  stream: z.string(),
  rowsRead: z.number(),
  rowsCommitted: z.number(),
  bytesCommitted: z.number(),
  rowEstimate: z.number().nullable(),
  status: z.enum(['STARTED', 'RUNNING', 'COMPLETE', 'INCOMPLETE']).nullable(),
});
export type StreamProgress = z.infer<typeof streamProgress>;

export const syncJobSummary = z.object({
  id: z.string(),
  connectionId: z.string(),
  kind: z.enum(['sync', 'reset']),
  status: z.enum(jobStatuses),
  rowsSynced: z.number(),
  bytesSynced: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  attempts: z.number(),
  /** Why the job failed, in words (secrets masked). */
  failure: z.string().nullable(),
  startedBy: z.string().nullable(),
});
export type SyncJobSummary = z.infer<typeof syncJobSummary>;

export const syncAttempt = z.object({
  number: z.number(),
  status: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  rowsCommitted: z.number(),
  bytesCommitted: z.number(),
  failure: z.string().nullable(),
});
export const syncJobDetail = syncJobSummary.extend({ streams: z.array(streamProgress), attemptList: z.array(syncAttempt) });
export type SyncJobDetail = z.infer<typeof syncJobDetail>;

export const connectionView = z.object({
  id: z.string(),
  name: z.string(),
  source: z.object({ id: z.string(), name: z.string(), definitionId: z.string(), icon: z.string() }),
  destinationSchema: z.string(),
  status: z.enum(connectionStatuses),
  health: z.enum(connectionHealths),
  schedule,
  streams: z.array(streamSelection),
  lastJob: syncJobSummary.nullable(),
  nextSyncAt: z.string().nullable(),
  createdAt: z.string(),
  /** What runs the syncs: the portal's own engine, or the Airbyte instance the portal is configured with. */
  engine: z.enum(['embedded', 'airbyte']),
});
export type ConnectionView = z.infer<typeof connectionView>;

export const connectionsQuery = z.object({
  search: z.string().trim().max(CONNECTION_SEARCH_MAX).optional(),
  health: z.enum(connectionHealths).optional(),
});
export const connectionsResponse = z.object({
  connections: z.array(connectionView),
  counts: z.record(z.enum(connectionHealths), z.number()),
});

export const bulkAction = z.object({
  action: z.enum(['pause', 'resume', 'sync']),
  ids: z.array(id).min(1, 'choose at least one connection').max(BULK_MAX, `at most ${BULK_MAX} connections at once`),
});
export type BulkAction = z.infer<typeof bulkAction>;
export const bulkResult = z.object({ done: z.array(z.string()), skipped: z.array(z.object({ id: z.string(), reason: z.string() })) });

/** Sync now; `restartStream` (`namespace.name`) is read again from the start first ("re-sync a stream"). */
export const syncRequest = z.object({ restartStream: z.string().min(1).max(300).optional() });
/** Reset one stream (`namespace.name`, or `name` without a namespace) or, without `stream`, the whole connection. */
export const resetRequest = z.object({ stream: z.string().min(1).max(300).optional() });
export const jobsResponse = z.object({ jobs: z.array(syncJobSummary), hasMore: z.boolean() });

// ---- Overview and live progress -------------------------------------------------------------------

export const overviewResponse = z.object({
  counts: z.record(z.enum(connectionHealths), z.number()),
  /** Rows synced per UTC day over the last 30 days, oldest first (days without syncs included). */
  rowsPerDay: z.array(z.object({ day: z.string(), rows: z.number() })),
  recentFailures: z.array(syncJobSummary.extend({ connectionName: z.string() })),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;

/** What a sync job reports with its progress: the `detail` of its `job` live events (and of GET api/jobs/:id). */
export interface SyncProgressDetail {
  connectionId: string;
  attempt: number;
  rowsRead: number;
  rowsCommitted: number;
  streams: StreamProgress[];
}

/** A sync's progress as the pages follow it: the job event with its detail, the status in Airbyte's words. */
export const syncProgressEvent = z.object({
  jobId: z.string(),
  connectionId: z.string(),
  status: z.enum(jobStatuses),
  attempt: z.number(),
  rowsRead: z.number(),
  rowsCommitted: z.number(),
  streams: z.array(streamProgress),
});
export type SyncProgressEvent = z.infer<typeof syncProgressEvent>;
