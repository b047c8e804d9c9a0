// Every connector an organisation can use: the ones shipped with the portal, and programs an
// administrator registered from the connector directory (CONNECTOR_EXECUTABLES_DIR). Only files
// operators placed in that directory can be registered — a portal user never names a path on the
// server — and a registered program must answer `spec` before it is listed.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { ConnectorSpecification } from '@common/integrations/airbyteProtocol';
import type { ConnectorDefinition, DefinitionCreate } from '@common/integrations/integrationsContract';
import { HttpError } from '../../platform/http/errors.js';
import { DuplicateValueError, isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { builtInDefinition, BUILT_IN_DEFINITIONS } from './connectorDefinitions.js';
import { builtInConnectorCommand } from './builtInConnectors.js';
import type { ConnectorCommand } from './engine/connectorProcess.js';
import { IntegrationConflictError } from './errors.js';

export interface ResolvedDefinition {
  definition: ConnectorDefinition;
  command: ConnectorCommand;
  /** The spec a registered program answered when it was registered; null for built-ins (read by running them). */
  storedSpec: ConnectorSpecification | null;
}

export interface CatalogSettings {
  projectRoot: string;
  executablesDir: string;
  privateNetworks: boolean;
  /** Parent of the organisations' file areas; the files source of an organisation reads only its own. */
  filesDir?: string;
}

const PROGRAM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function createDefinitionsCatalog(db: StoreDb, settings: CatalogSettings) {
  const networkEnv: Record<string, string> = settings.privateNetworks ? { DATAWORKS_CONNECTOR_PRIVATE_NETWORKS: 'allow' } : {};

  function toDefinition(row: { id: string; name: string; description: string }): ConnectorDefinition {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: 'custom',
      supportLevel: 'custom',
      icon: 'custom',
      kind: 'executable',
      documentationUrl: null,
    };
  }

  /** The program's path, refusing anything but an executable file directly inside the connector directory. */
  async function programPath(program: string): Promise<string> {
    if (!PROGRAM_NAME.test(program))
      throw new HttpError(
        400,
        'invalid_request',
        'Name a program file in the connector directory (letters, digits, dots, dashes and underscores).',
        'program',
      );
    const root = await fs.realpath(settings.executablesDir).catch(() => null);
    if (!root)
      throw new HttpError(
        400,
        'invalid_request',
        `The connector directory ${settings.executablesDir} does not exist; operators create it and place programs there.`,
        'program',
      );
    const file = await fs.realpath(path.join(root, program)).catch(() => null);
    if (!file || path.dirname(file) !== root)
      throw new HttpError(400, 'invalid_request', `No program "${program}" in the connector directory.`, 'program');
    await fs.access(file, constants.X_OK).catch(() => {
      throw new HttpError(400, 'invalid_request', `"${program}" is not executable.`, 'program');
    });
    return file;
  }

  const executableCommand = (file: string): ConnectorCommand => ({ command: file, args: [], runtime: 'executable', env: networkEnv });

  return {
    async list(organisation: string): Promise<ConnectorDefinition[]> {
      const rows = await db
        .selectFrom('integration_definitions')
        .select(['id', 'name', 'description'])
        .where('organisation_id', '=', organisation)
        .orderBy('name')
        .execute();
      return [...BUILT_IN_DEFINITIONS, ...rows.map(toDefinition)];
    },

    async resolve(organisation: string, id: string): Promise<ResolvedDefinition> {
      const builtIn = builtInDefinition(id);
      if (builtIn) {
        const filesDir =
          settings.filesDir && /^[A-Za-z0-9_-]+$/.test(organisation) ? path.join(settings.filesDir, organisation) : undefined;
        return {
          definition: builtIn,
          command: builtInConnectorCommand(builtIn.id, settings.projectRoot, { privateNetworks: settings.privateNetworks, filesDir }),
          storedSpec: null,
        };
      }
      const row = /^[0-9a-f-]{36}$/.test(id)
        ? await db
            .selectFrom('integration_definitions')
            .selectAll()
            .where('organisation_id', '=', organisation)
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
      if (!row) throw new HttpError(404, 'not_found', `No connector "${id}".`, 'definitionId');
      return {
        definition: toDefinition(row),
        command: executableCommand(await programPath(row.program)),
        storedSpec: row.spec as unknown as ConnectorSpecification,
      };
    },

    /** Program files an administrator may register. */
    async programs(): Promise<string[]> {
      const entries = await fs.readdir(settings.executablesDir, { withFileTypes: true }).catch(() => []);
      const files = entries.filter((entry) => entry.isFile() && PROGRAM_NAME.test(entry.name)).map((entry) => entry.name);
      const runnable = await Promise.all(
        files.map(async (name) =>
          (await fs.access(path.join(settings.executablesDir, name), constants.X_OK).then(
            () => true,
            () => false,
          ))
            ? name
            : null,
        ),
      );
      return runnable.filter((name): name is string => name !== null).sort();
    },

    /** Registers a program once it answered `spec` (read by `readSpec`, which runs it). */
    async register(
      organisation: string,
      createdBy: string,
      body: DefinitionCreate,
      readSpec: (command: ConnectorCommand) => Promise<ConnectorSpecification>,
    ): Promise<ConnectorDefinition> {
      const spec = await readSpec(executableCommand(await programPath(body.program)));
      try {
        const row = await db
          .insertInto('integration_definitions')
          .values({
            organisation_id: organisation,
            name: body.name,
            description: body.description ?? '',
            kind: 'executable',
            program: body.program,
            spec: JSON.stringify(spec),
            created_by: createdBy,
          })
          .returning(['id', 'name', 'description'])
          .executeTakeFirstOrThrow();
        return toDefinition(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateValueError('name', `A connector named "${body.name}" already exists.`);
        throw error;
      }
    },

    async remove(organisation: string, id: string): Promise<void> {
      const used = await db
        .selectFrom('integration_sources')
        .select('name')
        .where('organisation_id', '=', organisation)
        .where('definition_id', '=', id)
        .executeTakeFirst();
      if (used) throw new IntegrationConflictError(`The connector is used by the source "${used.name}"; delete that first.`);
      const deleted = /^[0-9a-f-]{36}$/.test(id)
        ? await db.deleteFrom('integration_definitions').where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst()
        : null;
      if (!deleted || Number(deleted.numDeletedRows) === 0) throw new HttpError(404, 'not_found', `No connector "${id}".`);
    },
  };
}

export type DefinitionsCatalog = ReturnType<typeof createDefinitionsCatalog>;
