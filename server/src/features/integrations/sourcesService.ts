// Connector definitions and sources: a definition's spec (read by running the connector once),
// creating and editing sources against that spec with their secrets sealed apart, and the
// connector's `check` and `discover` run on demand for the pages.
import type { AirbyteCatalog, AirbyteMessage, ConnectorSpecification } from '@common/integrations/airbyteProtocol';
import type {
  CheckRequest,
  CheckResult,
  DefinitionCreate,
  PreviewRequest,
  PreviewResponse,
  SourceCreate,
  SourceUpdate,
  SourceView,
} from '@common/integrations/integrationsContract';
import { HttpError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/secrets/secretBox.js';
import { DuplicateValueError, isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { joinSecrets, keepStoredSecrets, maskConfig, secretValues, splitSecrets, validateConfig } from './config/connectorConfig.js';
import type { DefinitionsCatalog } from './definitionsCatalog.js';
import { ConnectorFailure, runConnector, type ConnectorCommand } from './engine/connectorProcess.js';
import { ConnectorRunError, IntegrationConflictError, SourceCheckFailedError } from './errors.js';
import { deleteSource, insertSource, iso, sourceById, sourcesOf, updateSource } from './integrationsStore.js';
import type { Actor } from '../../platform/store/audit.js';

export interface EngineSettings {
  /** A sync attempt is stopped after this long. */
  readTimeoutMs: number;
  /** spec, check and discover are stopped after this long. */
  checkTimeoutMs: number;
  memoryLimitMb: number;
  /** Connectors may reach private, loopback and link-local addresses. */
  privateNetworks: boolean;
}

export interface SourcesDeps {
  db: StoreDb;
  secrets: SecretBox;
  catalog: DefinitionsCatalog;
  engine: EngineSettings;
}

/** Who acts: the platform's audit actor. */
export type { Actor };

const notFound = (what: string, id: string) => new HttpError(404, 'not_found', `No ${what} "${id}" in your organisation.`);
const duplicateName = (name: string) => new DuplicateValueError('name', `A source named "${name}" already exists.`);
const sealPurpose = (sourceId: string) => `integration-source:${sourceId}`;
/** Records a preview shows. */
const PREVIEW_RECORDS = 20;

export function createSourcesService(deps: SourcesDeps) {
  const specs = new Map<string, Promise<ConnectorSpecification>>();

  const commandFor = async (organisation: string, definitionId: string): Promise<ConnectorCommand> =>
    (await deps.catalog.resolve(organisation, definitionId)).command;

  /** Runs one short operation and returns its messages of the wanted type. */
  async function run<T>(
    command: ConnectorCommand,
    name: 'spec' | 'check' | 'discover',
    config: unknown,
    secrets: readonly string[],
    pick: (message: AirbyteMessage) => T | undefined,
  ): Promise<T> {
    let found: T | undefined;
    try {
      await runConnector(command, {
        operation: name,
        config,
        secrets,
        timeoutMs: deps.engine.checkTimeoutMs,
        memoryLimitMb: deps.engine.memoryLimitMb,
        onMessage: (message) => {
          found ??= pick(message);
        },
      });
    } catch (error) {
      if (error instanceof ConnectorFailure) throw new ConnectorRunError(error.message);
      throw error;
    }
    if (found === undefined) throw new ConnectorRunError(`The connector answered its ${name} without the message it should send.`);
    return found;
  }

  /** Runs one short operation of an organisation's connector and returns the message it is about. */
  async function operation<T>(
    organisation: string,
    definitionId: string,
    name: 'spec' | 'check' | 'discover',
    config: unknown,
    secrets: readonly string[],
    pick: (message: AirbyteMessage) => T | undefined,
  ): Promise<T> {
    return run(await commandFor(organisation, definitionId), name, config, secrets, pick);
  }

  /** A connector's spec: a registered program's as it answered at registration; a built-in's read by running it once. */
  async function spec(organisation: string, definitionId: string): Promise<ConnectorSpecification> {
    const resolved = await deps.catalog.resolve(organisation, definitionId);
    if (resolved.storedSpec) return resolved.storedSpec;
    let cached = specs.get(definitionId);
    if (!cached) {
      cached = run(resolved.command, 'spec', undefined, [], (message) => message.spec);
      // A failed read is not remembered: the next request tries again.
      cached.catch(() => specs.delete(definitionId));
      specs.set(definitionId, cached);
    }
    return cached;
  }

  function storedSecrets(row: { id: string; secrets_sealed: string | null }): Record<string, unknown> {
    return row.secrets_sealed ? (JSON.parse(deps.secrets.open(row.secrets_sealed, sealPurpose(row.id))) as Record<string, unknown>) : {};
  }

  async function sourceRow(organisation: string, id: string) {
    const row = await sourceById(deps.db, organisation, id);
    if (!row) throw notFound('source', id);
    return row;
  }

  /** The source's whole configuration (secrets included) and the values to mask in its logs. */
  async function configOf(organisation: string, id: string) {
    const row = await sourceRow(organisation, id);
    const specification = (await spec(organisation, row.definition_id)).connectionSpecification;
    const config = joinSecrets(row.config, storedSecrets(row));
    return { row, config, secrets: secretValues(specification, config), command: await commandFor(organisation, row.definition_id) };
  }

  /** A config as typed in a page, validated; for a saved source (`sourceId`), masked secrets stand for the stored ones. */
  async function typedConfig(organisation: string, request: CheckRequest) {
    const specification = (await spec(organisation, request.definitionId)).connectionSpecification;
    let edited = request.config;
    if (request.sourceId) {
      const row = await sourceRow(organisation, request.sourceId);
      if (row.definition_id !== request.definitionId)
        throw new HttpError(400, 'invalid_request', 'The source uses another connector.', 'definitionId');
      edited = keepStoredSecrets(specification, edited, storedSecrets(row));
    }
    const config = validateConfig(specification, edited);
    return { config, secrets: secretValues(specification, config) };
  }

  /** The connector's check of a validated config: a connector that cannot even answer has failed it, in its own words. */
  async function checkConfig(
    organisation: string,
    definitionId: string,
    config: unknown,
    secrets: readonly string[],
  ): Promise<CheckResult> {
    const started = Date.now();
    try {
      const status = await operation(organisation, definitionId, 'check', config, secrets, (message) => message.connectionStatus);
      return {
        status: status.status === 'SUCCEEDED' ? 'succeeded' : 'failed',
        message: status.message ?? null,
        durationMs: Date.now() - started,
      };
    } catch (error) {
      if (error instanceof ConnectorRunError) return { status: 'failed', message: error.message, durationMs: Date.now() - started };
      throw error;
    }
  }

  async function view(organisation: string, id: string): Promise<SourceView> {
    const found = (await list(organisation)).find((source) => source.id === id);
    if (!found) throw notFound('source', id);
    return found;
  }

  async function list(organisation: string): Promise<SourceView[]> {
    const [rows, definitions] = await Promise.all([sourcesOf(deps.db, organisation), deps.catalog.list(organisation)]);
    return Promise.all(
      rows.map(async (row) => {
        const known = definitions.find((definition) => definition.id === row.definition_id);
        return {
          id: row.id,
          name: row.name,
          definition: {
            id: row.definition_id,
            name: known?.name ?? row.definition_id,
            icon: known?.icon ?? 'plug',
            category: known?.category ?? 'custom',
          },
          // Stored configs hold masks, never secrets; masking again covers a spec that changed.
          config: known ? maskConfig((await spec(organisation, row.definition_id)).connectionSpecification, row.config) : row.config,
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
          connectionCount: Number(row.connection_count),
        };
      }),
    );
  }

  return {
    definitions: (organisation: string) => deps.catalog.list(organisation),
    spec,
    configOf,
    list,
    view,

    /** Registers a program from the connector directory once it answers `spec` (administrators only: the route checks). */
    registerDefinition: (actor: Actor, body: DefinitionCreate) =>
      deps.catalog.register(actor.organisation, actor.subject, body, (command) =>
        run(command, 'spec', undefined, [], (message) => message.spec),
      ),
    removeDefinition: (actor: Actor, id: string) => deps.catalog.remove(actor.organisation, id),
    programs: () => deps.catalog.programs(),

    async create(actor: Actor, body: SourceCreate): Promise<SourceView> {
      const specification = (await spec(actor.organisation, body.definitionId)).connectionSpecification;
      const config = validateConfig(specification, body.config);
      const { plain, secrets } = splitSecrets(specification, config);
      try {
        const id = await insertSource(deps.db, {
          organisation: actor.organisation,
          name: body.name,
          definitionId: body.definitionId,
          config: plain,
          sealed: (sourceId) => (Object.keys(secrets).length ? deps.secrets.seal(JSON.stringify(secrets), sealPurpose(sourceId)) : null),
          createdBy: actor.subject,
        });
        return view(actor.organisation, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
    },

    /**
     * Renames a source or changes its settings. A masked secret keeps the stored value, a new one
     * replaces it (rotation). New settings are saved only once the connector's check passes with
     * them: connections read with the source's settings at their next sync, so a failing config
     * is refused (with the check's words) and the stored one stays.
     */
    async update(actor: Actor, id: string, body: SourceUpdate): Promise<SourceView> {
      const row = await sourceRow(actor.organisation, id);
      let change: { name?: string; config?: Record<string, unknown>; secretsSealed?: string | null } = { name: body.name };
      if (body.config) {
        const specification = (await spec(actor.organisation, row.definition_id)).connectionSpecification;
        const config = validateConfig(specification, keepStoredSecrets(specification, body.config, storedSecrets(row)));
        const checked = await checkConfig(actor.organisation, row.definition_id, config, secretValues(specification, config));
        if (checked.status === 'failed') throw new SourceCheckFailedError(checked.message);
        const { plain, secrets } = splitSecrets(specification, config);
        change = {
          ...change,
          config: plain,
          secretsSealed: Object.keys(secrets).length ? deps.secrets.seal(JSON.stringify(secrets), sealPurpose(id)) : null,
        };
      }
      try {
        await updateSource(deps.db, actor.organisation, id, change);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name ?? '');
        throw error;
      }
      return view(actor.organisation, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const source = await view(actor.organisation, id);
      if (source.connectionCount > 0)
        throw new IntegrationConflictError(
          `The source "${source.name}" is used by ${source.connectionCount} connection(s); delete those first.`,
        );
      await deleteSource(deps.db, actor.organisation, id);
    },

    /** Runs the connector's check: the config as typed, or a saved source's with masked secrets kept. */
    async check(organisation: string, request: CheckRequest): Promise<CheckResult> {
      const { config, secrets } = await typedConfig(organisation, request);
      return checkConfig(organisation, request.definitionId, config, secrets);
    },

    /** The first records of one stream, read with the config as typed; the read stops once it has them. */
    async preview(organisation: string, request: PreviewRequest): Promise<PreviewResponse> {
      const { config, secrets } = await typedConfig(organisation, request);
      const command = await commandFor(organisation, request.definitionId);
      const catalog = await run(command, 'discover', config, secrets, (message) => message.catalog);
      const stream = catalog.streams.find((candidate) => candidate.name === request.stream);
      if (!stream) throw new HttpError(400, 'invalid_request', `The source has no stream "${request.stream}".`, 'stream');
      const records: Array<Record<string, unknown>> = [];
      const fields = new Set<string>();
      const enough = new AbortController();
      const started = Date.now();
      let truncated = false;
      try {
        await runConnector(command, {
          operation: 'read',
          config,
          catalog: { streams: [{ stream, sync_mode: 'full_refresh', destination_sync_mode: 'append' }] },
          secrets,
          timeoutMs: deps.engine.checkTimeoutMs,
          memoryLimitMb: deps.engine.memoryLimitMb,
          signal: enough.signal,
          onMessage: (message) => {
            if (message.type !== 'RECORD' || !message.record) return;
            if (records.length >= PREVIEW_RECORDS) {
              truncated = true;
              enough.abort();
              return;
            }
            records.push(message.record.data);
            for (const field of Object.keys(message.record.data)) fields.add(field);
          },
        });
      } catch (error) {
        // Stopping the read once the preview is full is the expected end, not a failure.
        if (!(error instanceof ConnectorFailure && error.reason === 'cancelled' && truncated)) {
          throw error instanceof ConnectorFailure ? new ConnectorRunError(error.message) : error;
        }
      }
      return { stream: stream.name, records, fields: [...fields], truncated, durationMs: Date.now() - started };
    },

    /** The streams a config as typed offers; nothing is saved (the add-connector pages' last step before the connection). */
    async discoverConfig(organisation: string, request: CheckRequest): Promise<AirbyteCatalog> {
      const { config, secrets } = await typedConfig(organisation, request);
      return run(await commandFor(organisation, request.definitionId), 'discover', config, secrets, (message) => message.catalog);
    },

    async discover(organisation: string, id: string): Promise<AirbyteCatalog> {
      const { config, secrets, command } = await configOf(organisation, id);
      return run(command, 'discover', config, secrets, (message) => message.catalog);
    },
  };
}

export type SourcesService = ReturnType<typeof createSourcesService>;
