// The Airbyte protocol (v1), the contract between the platform and every connector: the messages a
// connector prints on stdout, one JSON object per line, and the catalogs it is given. Written from
// the protocol's published schema (airbytehq/airbyte-protocol, airbyte_protocol.yaml). Every object
// there allows additional properties, so these schemas keep unknown keys (looseObject) and a newer
// connector's extra fields pass through untouched.
import { z } from 'zod';

export const syncModes = ['full_refresh', 'incremental'] as const;
export const destinationSyncModes = ['append', 'overwrite', 'append_dedup'] as const;
export const SyncMode = z.enum(syncModes);
export const DestinationSyncMode = z.enum(destinationSyncModes);
export type SyncMode = z.infer<typeof SyncMode>;
export type DestinationSyncMode = z.infer<typeof DestinationSyncMode>;

// A JSON object of any content. Checked as "a plain object" without visiting every key: record
// messages carry one per row, and the destination types each value it keeps anyway.
const jsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
  message: 'must be a JSON object',
});
const fieldPath = z.array(z.string());

export const StreamDescriptor = z.looseObject({ name: z.string().min(1), namespace: z.string().optional() });
export type StreamDescriptor = z.infer<typeof StreamDescriptor>;

export const AirbyteRecordMessageMetaChange = z.looseObject({
  field: z.string(),
  change: z.enum(['NULLED', 'TRUNCATED']),
  reason: z.string(),
});

export const AirbyteRecordMessage = z.looseObject({
  namespace: z.string().optional(),
  stream: z.string().min(1),
  data: jsonObject,
  /** When the source emitted the record, epoch milliseconds. */
  emitted_at: z.number().int(),
  meta: z.looseObject({ changes: z.array(AirbyteRecordMessageMetaChange).optional() }).optional(),
});
export type AirbyteRecordMessage = z.infer<typeof AirbyteRecordMessage>;

export const AirbyteStreamState = z.looseObject({ stream_descriptor: StreamDescriptor, stream_state: jsonObject.optional() });
export type AirbyteStreamState = z.infer<typeof AirbyteStreamState>;
export const AirbyteGlobalState = z.looseObject({ shared_state: jsonObject.optional(), stream_states: z.array(AirbyteStreamState) });
const AirbyteStateStats = z.looseObject({ recordCount: z.number().optional() });

export const AirbyteStateMessage = z.looseObject({
  /** Unset means LEGACY (the deprecated `data` field). */
  type: z.enum(['GLOBAL', 'STREAM', 'LEGACY']).optional(),
  stream: AirbyteStreamState.optional(),
  global: AirbyteGlobalState.optional(),
  data: jsonObject.optional(),
  sourceStats: AirbyteStateStats.optional(),
  destinationStats: AirbyteStateStats.optional(),
});
export type AirbyteStateMessage = z.infer<typeof AirbyteStateMessage>;

export const AirbyteLogMessage = z.looseObject({
  level: z.enum(['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE']),
  message: z.string(),
  stack_trace: z.string().optional(),
});
export type AirbyteLogMessage = z.infer<typeof AirbyteLogMessage>;

export const AirbyteStreamStatus = z.enum(['STARTED', 'RUNNING', 'COMPLETE', 'INCOMPLETE']);

export const AirbyteTraceMessage = z.looseObject({
  type: z.enum(['ERROR', 'ESTIMATE', 'STREAM_STATUS', 'ANALYTICS']),
  emitted_at: z.number(),
  error: z
    .looseObject({
      message: z.string(),
      internal_message: z.string().optional(),
      stack_trace: z.string().optional(),
      failure_type: z.enum(['system_error', 'config_error', 'transient_error']).optional(),
      stream_descriptor: StreamDescriptor.optional(),
    })
    .optional(),
  estimate: z
    .looseObject({
      name: z.string(),
      type: z.enum(['STREAM', 'SYNC']),
      namespace: z.string().optional(),
      row_estimate: z.number().int().optional(),
      byte_estimate: z.number().int().optional(),
    })
    .optional(),
  stream_status: z
    .looseObject({
      stream_descriptor: StreamDescriptor,
      status: AirbyteStreamStatus,
      reasons: z
        .array(
          z.looseObject({
            type: z.literal('RATE_LIMITED'),
            rate_limited: z.looseObject({ quota_reset: z.number().int().optional() }).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  analytics: z.looseObject({ type: z.string(), value: z.string().optional() }).optional(),
});
export type AirbyteTraceMessage = z.infer<typeof AirbyteTraceMessage>;

export const AirbyteConnectionStatus = z.looseObject({ status: z.enum(['SUCCEEDED', 'FAILED']), message: z.string().optional() });
export type AirbyteConnectionStatus = z.infer<typeof AirbyteConnectionStatus>;

export const AirbyteStream = z.looseObject({
  name: z.string().min(1),
  json_schema: jsonObject,
  supported_sync_modes: z.array(SyncMode).min(1),
  source_defined_cursor: z.boolean().optional(),
  default_cursor_field: fieldPath.optional(),
  source_defined_primary_key: z.array(fieldPath).optional(),
  namespace: z.string().optional(),
  is_resumable: z.boolean().optional(),
});
export type AirbyteStream = z.infer<typeof AirbyteStream>;

export const AirbyteCatalog = z.looseObject({ streams: z.array(AirbyteStream) });
export type AirbyteCatalog = z.infer<typeof AirbyteCatalog>;

export const ConfiguredAirbyteStream = z.looseObject({
  stream: AirbyteStream,
  sync_mode: SyncMode,
  /** Required when sync_mode is incremental. */
  cursor_field: fieldPath.optional(),
  destination_sync_mode: DestinationSyncMode,
  /** Required when destination_sync_mode is append_dedup. */
  primary_key: z.array(fieldPath).optional(),
  generation_id: z.number().int().optional(),
  minimum_generation_id: z.number().int().optional(),
  sync_id: z.number().int().optional(),
});
export type ConfiguredAirbyteStream = z.infer<typeof ConfiguredAirbyteStream>;

export const ConfiguredAirbyteCatalog = z.looseObject({ streams: z.array(ConfiguredAirbyteStream) });
export type ConfiguredAirbyteCatalog = z.infer<typeof ConfiguredAirbyteCatalog>;

export const ConnectorSpecification = z.looseObject({
  documentationUrl: z.string().optional(),
  changelogUrl: z.string().optional(),
  /** A JSON Schema (draft 7) of the connector's configuration. */
  connectionSpecification: jsonObject,
  supportsIncremental: z.boolean().optional(),
  supported_destination_sync_modes: z.array(DestinationSyncMode).optional(),
  protocol_version: z.string().optional(),
});
export type ConnectorSpecification = z.infer<typeof ConnectorSpecification>;

export const AirbyteControlMessage = z.looseObject({
  type: z.literal('CONNECTOR_CONFIG'),
  emitted_at: z.number(),
  connectorConfig: z.looseObject({ config: jsonObject }).optional(),
});

/** Which field carries a message's payload, by its type. */
const payloadField = {
  RECORD: 'record',
  STATE: 'state',
  LOG: 'log',
  SPEC: 'spec',
  CONNECTION_STATUS: 'connectionStatus',
  CATALOG: 'catalog',
  TRACE: 'trace',
  CONTROL: 'control',
} as const;

/** One line of a connector's output. The field named after the type must be present. */
export const AirbyteMessage = z
  .looseObject({
    type: z.enum(['RECORD', 'STATE', 'LOG', 'SPEC', 'CONNECTION_STATUS', 'CATALOG', 'TRACE', 'CONTROL']),
    log: AirbyteLogMessage.optional(),
    spec: ConnectorSpecification.optional(),
    connectionStatus: AirbyteConnectionStatus.optional(),
    catalog: AirbyteCatalog.optional(),
    record: AirbyteRecordMessage.optional(),
    state: AirbyteStateMessage.optional(),
    trace: AirbyteTraceMessage.optional(),
    control: AirbyteControlMessage.optional(),
  })
  .superRefine((message, context) => {
    const field = payloadField[message.type];
    if (message[field] === undefined)
      context.addIssue({ code: 'custom', path: [field], message: `A ${message.type} message needs its "${field}" object.` });
  });
export type AirbyteMessage = z.infer<typeof AirbyteMessage>;

/** The name a stream's state and records are filed under: `namespace.name`, or `name` without a namespace. */
export const streamKey = (descriptor: { name: string; namespace?: string | undefined }): string =>
  descriptor.namespace ? `${descriptor.namespace}.${descriptor.name}` : descriptor.name;
