// The budgets API of the Cost page. Everyone who may open the Cost page reads the budgets with
// this month's figures; the warehouse writers (admin, client admin) create, change and delete
// them. The scope value must name a warehouse, user, role or tag the account has (400 naming
// `scopeValue` otherwise); another organisation's budget answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canWriteWarehouse, warehouseWriterRoles } from '@common/access/access';
import { budgetBody, budgetIdParams, budgetScopeLabels, type BudgetInput } from '@common/warehouse/budgetsContract';
import { noQuery } from '@common/warehouse/warehouseRequests';
import { warehouseEndpoints as ep } from '@common/warehouse/warehouseEndpoints';
import { callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import { InvalidInputError } from '../../../platform/warehouse/errors.js';
import { parseObjectName, parseQueryTag } from '../../../platform/warehouse/identifiers.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import type { Warehouse } from '../warehouse.js';
import type { WarehouseRegistry } from '../registry.js';
import { budgetProgress } from './budgetProgress.js';
import type { BudgetScheduler } from './budgetSchedule.js';
import { createBudget, deleteBudget, listBudgets, updateBudget, type CheckedBudget } from './budgetStore.js';
import { evaluateBudgets, type EvaluateBudgetsOptions } from './evaluateBudgets.js';

export interface BudgetRouteDeps {
  db: StoreDb;
  registry: WarehouseRegistry;
  scheduler: BudgetScheduler;
  notify: EvaluateBudgetsOptions['notify'];
}

/** The scope value in Snowflake's spelling, checked against the account. */
async function checkedBudget(warehouse: Warehouse, input: BudgetInput): Promise<CheckedBudget> {
  const given = input.scopeValue?.trim() ? input.scopeValue : null;
  if (input.scope === 'account') {
    if (given !== null) throw new InvalidInputError('scopeValue', 'must be empty for a budget of the whole account');
    return { ...input, scopeValue: null };
  }
  if (given === null)
    throw new InvalidInputError('scopeValue', `must name the ${budgetScopeLabels[input.scope].toLowerCase()} the budget watches`);
  const value = input.scope === 'tag' ? parseQueryTag(given, 'scopeValue') : parseObjectName(given, 'scopeValue');
  if (!(await warehouse.scopeValueExists(input.scope, value))) {
    throw new InvalidInputError('scopeValue', `the account has no ${budgetScopeLabels[input.scope].toLowerCase()} named ${value}`);
  }
  return { ...input, scopeValue: value };
}

export function registerBudgetRoutes(server: FastifyInstance, deps: BudgetRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, registry } = deps;
  const read = requireRoute('snowflakeCost');
  const write = requireRoute('snowflakeCost', warehouseWriterRoles);
  const contextOf = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const organisation = organisationOf(caller);
    return { caller, organisation, warehouse: await registry.forOrganisation(organisation) };
  };

  /** After a change: the hourly schedule follows, and a budget already over its amount alerts now. */
  const afterChange = async (request: FastifyRequest, organisation: string, warehouse: Warehouse) => {
    await deps.scheduler.sync(organisation);
    await evaluateBudgets({ db, warehouse, organisation, notify: deps.notify }).catch((error: unknown) =>
      request.log.error({ err: error, organisation }, 'could not evaluate the budgets'),
    );
  };

  app.route({
    ...endpointRoute(ep.budgets, { querystring: noQuery }),
    preValidation: read,
    handler: async (request) => {
      const { caller, organisation, warehouse } = await contextOf(request);
      return { budgets: await budgetProgress(warehouse, await listBudgets(db, organisation)), mayManage: canWriteWarehouse(caller.roles) };
    },
  });

  app.route({
    ...endpointRoute(ep.createBudget, { body: budgetBody }),
    preValidation: write,
    handler: async (request, reply) => {
      const { caller, organisation, warehouse } = await contextOf(request);
      const budget = await createBudget(db, organisation, caller.username, await checkedBudget(warehouse, request.body));
      await afterChange(request, organisation, warehouse);
      return reply.code(201).send({ budget });
    },
  });

  app.route({
    ...endpointRoute(ep.updateBudget, { params: budgetIdParams, body: budgetBody }),
    preValidation: write,
    handler: async (request) => {
      const { organisation, warehouse } = await contextOf(request);
      const budget = await updateBudget(db, organisation, request.params.id, await checkedBudget(warehouse, request.body));
      await afterChange(request, organisation, warehouse);
      return { budget };
    },
  });

  app.route({
    ...endpointRoute(ep.deleteBudget, { params: budgetIdParams }),
    preValidation: write,
    handler: async (request, reply) => {
      const { organisation } = await contextOf(request);
      await deleteBudget(db, organisation, request.params.id);
      await deps.scheduler.sync(organisation);
      return reply.code(204).send();
    },
  });
}
