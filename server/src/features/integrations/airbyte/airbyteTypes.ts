// Airbyte public API v1 answers as the portal reads them: only the fields the pages need are
// checked, every other field is kept as it came (z.looseObject), so a newer Airbyte that adds
// fields still parses. Written from Airbyte's published description of the API (the
// `@opensdks/sdk-airbyte` package's `airbyte_*_v1.oas.json`, which the client's tests check
// against). Request bodies are typed here too, as the description names their fields.
import { z } from 'zod';

const id = z.string().min(1);

/** The list answers' shape: one page of `data`, with links to the neighbouring pages. */
const page = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), next: z.string().optional(), previous: z.string().optional() });

export const workspace = z.looseObject({ workspaceId: id, name: z.string(), dataResidency: z.string() });
export const workspacePage = page(workspace);
export type AirbyteWorkspace = z.infer<typeof workspace>;

/** A connector's settings; secret fields come back masked by Airbyte. */
const configuration = z.record(z.string(), z.unknown());

export const source = z.looseObject({ sourceId: id, name: z.string(), sourceType: z.string(), workspaceId: id, configuration });
export const sourcePage = page(source);
export type AirbyteSource = z.infer<typeof source>;

export const destination = z.looseObject({
  destinationId: id,
  name: z.string(),
  destinationType: z.string(),
  workspaceId: id,
  configuration,
});
export const destinationPage = page(destination);
export type AirbyteDestination = z.infer<typeof destination>;

export const syncModes = ['full_refresh_overwrite', 'full_refresh_append', 'incremental_append', 'incremental_deduped_history'] as const;
export type AirbyteSyncMode = (typeof syncModes)[number];

const streamConfiguration = z.looseObject({
  name: z.string(),
  syncMode: z.enum(syncModes).optional(),
  cursorField: z.array(z.string()).optional(),
  primaryKey: z.array(z.array(z.string())).optional(),
});
export type AirbyteStreamConfiguration = z.infer<typeof streamConfiguration>;

export const connection = z.looseObject({
  connectionId: id,
  name: z.string(),
  sourceId: id,
  destinationId: id,
  workspaceId: id,
  status: z.enum(['active', 'inactive', 'deprecated']),
  schedule: z.looseObject({
    scheduleType: z.enum(['manual', 'cron', 'basic']),
    cronExpression: z.string().optional(),
    basicTiming: z.string().optional(),
  }),
  configurations: z.looseObject({ streams: z.array(streamConfiguration).optional() }),
  prefix: z.string().optional(),
  namespaceDefinition: z.string().optional(),
  namespaceFormat: z.string().optional(),
});
export const connectionPage = page(connection);
export type AirbyteConnection = z.infer<typeof connection>;

/** One stream a source offers (Airbyte's discover, as `GET /streams` answers it). */
export const streamProperties = z.looseObject({
  streamName: z.string(),
  syncModes: z.array(z.enum(syncModes)).default([]),
  defaultCursorField: z.array(z.string()).optional(),
  sourceDefinedCursorField: z.boolean().optional(),
  sourceDefinedPrimaryKey: z.array(z.array(z.string())).optional(),
  propertyFields: z.array(z.array(z.string())).optional(),
});
export const streamPropertiesList = z.array(streamProperties);
export type AirbyteStreamProperties = z.infer<typeof streamProperties>;

export const jobStatuses = ['pending', 'running', 'incomplete', 'failed', 'succeeded', 'cancelled'] as const;
export type AirbyteJobStatus = (typeof jobStatuses)[number];
export type AirbyteJobType = 'sync' | 'reset';

export const job = z.looseObject({
  jobId: z.number().int(),
  status: z.enum(jobStatuses),
  jobType: z.enum(['sync', 'reset']),
  connectionId: id,
  startTime: z.string(),
  lastUpdatedAt: z.string().optional(),
  /** ISO 8601 duration, e.g. `PT8H6M12S`. */
  duration: z.string().optional(),
  rowsSynced: z.number().int().optional(),
  bytesSynced: z.number().int().optional(),
});
export const jobPage = page(job);
export type AirbyteJob = z.infer<typeof job>;

export const tokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

/** Airbyte's problem answers (RFC 7807 style); every field may be missing from a proxy's answer. */
export const problem = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  status: z.number().optional(),
});

export interface AirbytePage<T> {
  data: T[];
  next?: string;
  previous?: string;
}

/** The list operations' shared query: `workspaceIds` empty means every workspace the application may see. */
export interface AirbyteListQuery {
  workspaceIds?: string[];
  includeDeleted?: boolean;
  /** 1–100; Airbyte's default is 20. */
  limit?: number;
  offset?: number;
}

export interface AirbyteSourceCreate {
  name: string;
  workspaceId: string;
  /** The connector's settings, `sourceType` naming the connector (or give `definitionId`). */
  configuration: Record<string, unknown>;
  definitionId?: string;
  secretId?: string;
}
export type AirbyteSourcePatch = Partial<AirbyteSourceCreate>;

export interface AirbyteDestinationCreate {
  name: string;
  workspaceId: string;
  /** The connector's settings, `destinationType` naming the connector (or give `definitionId`). */
  configuration: Record<string, unknown>;
  definitionId?: string;
}
export type AirbyteDestinationPatch = Partial<Omit<AirbyteDestinationCreate, 'definitionId'>>;

export interface AirbyteConnectionSettings {
  name?: string;
  configurations?: { streams: Array<{ name: string; syncMode?: AirbyteSyncMode; cursorField?: string[]; primaryKey?: string[][] }> };
  schedule?: { scheduleType: 'manual' } | { scheduleType: 'cron'; cronExpression: string };
  status?: 'active' | 'inactive';
  namespaceDefinition?: 'source' | 'destination' | 'custom_format';
  namespaceFormat?: string;
  prefix?: string;
  nonBreakingSchemaUpdatesBehavior?: 'ignore' | 'disable_connection' | 'propagate_columns' | 'propagate_fully';
}
export interface AirbyteConnectionCreate extends AirbyteConnectionSettings {
  sourceId: string;
  destinationId: string;
}

export interface AirbyteJobQuery {
  connectionId: string;
  limit?: number;
  offset?: number;
  orderBy?: { field: 'createdAt' | 'updatedAt'; direction: 'ASC' | 'DESC' };
  jobType?: AirbyteJobType;
  status?: AirbyteJobStatus;
}
