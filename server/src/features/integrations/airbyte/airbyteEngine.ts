// The scale-out engine: a connection's syncs run on an Airbyte instance, through its public API
// v1, instead of as child processes of the portal. The portal stays the record of sources,
// connections, schedules and the job timeline; Airbyte holds one workspace per organisation, with
// the organisation's warehouse as its destination and one Airbyte source and connection for each
// portal connection. What a sync sends is reconciled when it starts (the source's current
// settings, the warehouse's current credentials), so an edit in the portal always reaches Airbyte.
import type { StreamSelection } from '@common/integrations/integrationsContract';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { airbyteConnectionSettings, airbyteSourceConfiguration } from './airbyteConfigs.js';
import { AirbyteApiError, type AirbyteApiClient } from './airbyteApiClient.js';
import type { AirbyteConnectionSettings, AirbyteJob, AirbyteJobType } from './airbyteTypes.js';
import { recordDestination, recordWorkspace, workspaceOf } from './airbyteWorkspaceStore.js';
import { DomainError } from '../../../platform/errors/domainError.js';

export interface AirbyteEngineDeps {
  client: AirbyteApiClient;
  db: StoreDb;
  /** The organisation's warehouse as an Airbyte destination configuration, or why it cannot be one. */
  destination(organisation: string): Promise<{ configuration: Record<string, unknown> } | { reason: string }>;
}

/** What a connection would be on Airbyte, or why it stays on the embedded engine. */
export type AirbytePlacement =
  | { onAirbyte: true; source: Record<string, unknown>; destination: Record<string, unknown>; settings: AirbyteConnectionSettings }
  | { onAirbyte: false; reason: string };

export interface AirbyteIds {
  sourceId: string;
  connectionId: string;
}

/** A connection as the engine needs it to be placed on Airbyte. */
export interface AirbyteConnectionInput {
  name: string;
  definitionId: string;
  config: Record<string, unknown>;
  streams: readonly StreamSelection[];
  destinationSchema: string;
}

/** A connection on Airbyte that an edit would make impossible to run there (a file moved to the portal's disk, say). */
export class AirbyteUnplaceableError extends DomainError {
  constructor(reason: string) {
    super(`The connection runs on Airbyte and could no longer run there: ${reason}.`, { status: 409, code: 'airbyte_cannot_run' });
    this.name = 'AirbyteUnplaceableError';
  }
}

const isGone = (error: unknown) => error instanceof AirbyteApiError && error.status === 404;

export function createAirbyteEngine(deps: AirbyteEngineDeps) {
  const { client, db } = deps;
  // One workspace per organisation: requests that need it at the same moment share one creation.
  const pending = new Map<string, Promise<string>>();

  async function workspaceId(organisation: string): Promise<string> {
    const known = await workspaceOf(db, organisation);
    if (known) return known.workspace_id;
    let creating = pending.get(organisation);
    if (!creating) {
      creating = client
        .createWorkspace({ name: `Dataworks – ${organisation}` })
        .then((created) => recordWorkspace(db, organisation, created.workspaceId))
        .finally(() => pending.delete(organisation));
      pending.set(organisation, creating);
    }
    return creating;
  }

  /** The organisation's destination, made on first use and brought up to date with the warehouse's settings. */
  async function destinationId(organisation: string, workspace: string, configuration: Record<string, unknown>): Promise<string> {
    const known = (await workspaceOf(db, organisation))?.destination_id;
    if (known) {
      try {
        await client.patchDestination(known, { configuration });
        return known;
      } catch (error) {
        // Deleted in Airbyte by hand: make it again below.
        if (!isGone(error)) throw error;
      }
    }
    const created = await client.createDestination({ name: `${organisation} warehouse`, workspaceId: workspace, configuration });
    await recordDestination(db, organisation, created.destinationId);
    return created.destinationId;
  }

  async function placement(organisation: string, input: AirbyteConnectionInput): Promise<AirbytePlacement> {
    const source = airbyteSourceConfiguration(input.definitionId, input.config);
    if ('reason' in source) return { onAirbyte: false, reason: source.reason };
    const destination = await deps.destination(organisation);
    if ('reason' in destination) return { onAirbyte: false, reason: destination.reason };
    const settings = airbyteConnectionSettings(input.streams, input.destinationSchema);
    if ('reason' in settings) return { onAirbyte: false, reason: settings.reason };
    return { onAirbyte: true, source: source.configuration, destination: destination.configuration, settings };
  }

  async function removeQuietly(remove: () => Promise<void>) {
    try {
      await remove();
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }

  return {
    placement,

    /** Makes the connection's Airbyte source and connection; on a refusal, removes what it had made. */
    async create(
      organisation: string,
      input: AirbyteConnectionInput,
      placed: Extract<AirbytePlacement, { onAirbyte: true }>,
      portalId: string,
    ): Promise<AirbyteIds> {
      const workspace = await workspaceId(organisation);
      const destination = await destinationId(organisation, workspace, placed.destination);
      // The portal's connection id in the names lets an operator find the portal's objects in Airbyte.
      const source = await client.createSource({
        name: `${input.name} (${portalId})`,
        workspaceId: workspace,
        configuration: placed.source,
      });
      try {
        const connection = await client.createConnection({
          ...placed.settings,
          name: `${input.name} (${portalId})`,
          sourceId: source.sourceId,
          destinationId: destination,
        });
        return { sourceId: source.sourceId, connectionId: connection.connectionId };
      } catch (error) {
        await removeQuietly(() => client.deleteSource(source.sourceId)).catch(() => undefined);
        throw error;
      }
    },

    /** Brings Airbyte's copy up to date before a job: the source's settings, the warehouse's, the streams. */
    async reconcile(organisation: string, ids: AirbyteIds, input: AirbyteConnectionInput, portalId: string): Promise<void> {
      const placed = await placement(organisation, input);
      if (!placed.onAirbyte) throw new AirbyteUnplaceableError(placed.reason);
      const workspace = await workspaceId(organisation);
      await destinationId(organisation, workspace, placed.destination);
      await client.patchSource(ids.sourceId, { name: `${input.name} (${portalId})`, configuration: placed.source });
      await client.patchConnection(ids.connectionId, { ...placed.settings, name: `${input.name} (${portalId})` });
    },

    /** Pause and resume are mirrored so that Airbyte's own pages tell the truth too. */
    async setStatus(ids: AirbyteIds, status: 'active' | 'paused'): Promise<void> {
      await client.patchConnection(ids.connectionId, { status: status === 'active' ? 'active' : 'inactive' });
    },

    /** Deletes the connection and its source in Airbyte; ones already gone are fine. */
    async remove(ids: AirbyteIds): Promise<void> {
      await removeQuietly(() => client.deleteConnection(ids.connectionId));
      await removeQuietly(() => client.deleteSource(ids.sourceId));
    },

    startJob: (ids: AirbyteIds, kind: AirbyteJobType): Promise<AirbyteJob> => client.createJob(ids.connectionId, kind),
    /** The connection's job of this type that Airbyte is running or about to run, if any. */
    async unfinishedJob(ids: AirbyteIds, kind: AirbyteJobType): Promise<AirbyteJob | undefined> {
      for (const status of ['running', 'pending', 'incomplete'] as const) {
        const page = await client.listJobs({
          connectionId: ids.connectionId,
          jobType: kind,
          status,
          orderBy: { field: 'createdAt', direction: 'DESC' },
          limit: 1,
        });
        if (page.data[0]) return page.data[0];
      }
      return undefined;
    },
    job: (jobId: number): Promise<AirbyteJob> => client.getJob(jobId),
    /** Cancels the job; one that has already ended is answered as it stands. */
    async cancel(jobId: number): Promise<AirbyteJob> {
      try {
        return await client.cancelJob(jobId);
      } catch (error) {
        if (error instanceof AirbyteApiError && error.status === 409) return client.getJob(jobId);
        throw error;
      }
    },
  };
}

export type AirbyteEngine = ReturnType<typeof createAirbyteEngine>;
