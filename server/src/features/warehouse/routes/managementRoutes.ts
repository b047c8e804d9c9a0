// User Management (/app/management/*): the warehouse account's users and roles, and changes
// to them. Every change is validated by the warehouse layer (identifiers checked and quoted),
// checked against the access table here, and audited in the same unit of work.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { managementSearchQuerystring, objectNameParams } from '@common/warehouse/warehouseRequests';
import { warehouseEndpoints as ep } from '@common/warehouse/warehouseEndpoints';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { InvalidIdentifierError, parseChange, parseObjectName, WarehouseError, type WarehouseRegistry } from '../index.js';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import { requireCurrentRoute } from '../../../platform/http/auth/currentAccess.js';
import { HttpError } from '../../../platform/http/errors.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { auditedWrite } from './auditedWrite.js';

/**
 * Reads the user or role named in the path. A name no object can have (empty, control
 * characters, too long) and a name no object has both answer "no such user", the same way.
 */
async function readNamed<T>(name: string, what: 'user' | 'role', read: (name: string) => Promise<T>): Promise<T> {
  const noSuch = () => new HttpError(404, 'not_found', `There is no ${what} named ${name.slice(0, 300)}.`);
  let resolved: string;
  try {
    resolved = parseObjectName(name, what === 'user' ? 'userName' : 'roleName');
  } catch (error) {
    if (error instanceof InvalidIdentifierError) throw noSuch();
    throw error;
  }
  try {
    return await read(resolved);
  } catch (error) {
    if (error instanceof WarehouseError && error.kind === 'not_found') throw noSuch();
    throw error;
  }
}

export function registerWarehouseManagementRoutes(server: FastifyInstance, registry: WarehouseRegistry, db: StoreDb): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const warehouseOf = (request: FastifyRequest) => registry.forOrganisation(organisationOf(callerOf(request)));

  app.route({
    ...endpointRoute(ep.users, { querystring: managementSearchQuerystring }),
    preValidation: requireRoute('managementUsers'),
    handler: async (request) => {
      const query = request.query;
      // An empty search box lists everyone.
      return { users: await (await warehouseOf(request)).listUsers({ search: query.search, includeDisabled: true }) };
    },
  });

  app.route({
    ...endpointRoute(ep.user, { params: objectNameParams }),
    preValidation: requireRoute('managementUser'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return readNamed(request.params.name, 'user', (name) => warehouse.getUser(name));
    },
  });

  app.route({
    ...endpointRoute(ep.roles, { querystring: managementSearchQuerystring }),
    preValidation: requireRoute('managementRoles'),
    handler: async (request) => {
      const query = request.query;
      return { roles: await (await warehouseOf(request)).listRoles({ search: query.search }) };
    },
  });

  app.route({
    ...endpointRoute(ep.role, { params: objectNameParams }),
    preValidation: requireRoute('managementRole'),
    handler: async (request) => {
      const warehouse = await warehouseOf(request);
      return readNamed(request.params.name, 'role', (name) => warehouse.getRole(name));
    },
  });

  app.route({
    ...endpointRoute(ep.applyChange, {}),
    preValidation: requireCurrentRoute(['managementUsers', 'managementRoles']),
    handler: async (request) => {
      const change = parseChange(request.body);
      // Warehouse settings change through the Warehouses page's recommendations only.
      if (change.kind === 'alterWarehouse')
        throw new HttpError(400, 'invalid_request', 'kind: warehouse changes are applied from the Warehouses page.', 'kind');
      const warehouse = await warehouseOf(request);
      const applied = await auditedWrite(db, callerOf(request), request.log, (audit, options) => warehouse.write(change, audit, options), {
        change,
      });
      return { applied };
    },
  });
}
