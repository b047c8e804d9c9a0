// The warehouse area: the organisation's Snowflake account (or the embedded sample) for cost,
// usage, Optimize, budgets and the management of users and roles. It provides the other areas'
// way to the warehouse (the warehouse access port) over the registry the app opened.
import type { Store } from '../../platform/store/openStore.js';
import { defineArea } from '../../platform/area/index.js';
import { costFiguresPort, warehouseAccessPort } from '../../platform/ports/index.js';
import { monthSoFar } from './analytics/comparison.js';
import { createCostAnomalyWatch, registerBudgetRoutes, startBudgetEvaluation } from './budgets/index.js';
import { settingsFor } from './config.js';
import type { WarehouseRegistry } from './registry.js';

import { registerWarehouseRoutes } from './routes/analyticsRoutes.js';
import { startChangeRecovery } from './routes/changeRecovery.js';
import { registerInsightRoutes } from './routes/insightRoutes.js';
import { registerWarehouseManagementRoutes } from './routes/managementRoutes.js';
import { registerUsageSyncRoutes } from './routes/usageSyncRoutes.js';
import { createUsageSyncJobs } from './usage-sync/usageSyncJobs.js';

// What the app opens before the server (main.ts): the registry of every organisation's warehouse.
export { loadWarehouseSettings } from './config.js';
export { WarehouseRegistry } from './registry.js';

/** How long the assistant's cost answer waits for the usage copy's first fill before answering without figures. */
const ASSISTANT_WAIT_MS = 3000;

export const area = defineArea<{ warehouses: WarehouseRegistry; store: Store }>({
  id: 'warehouse',
  async register({ app, db, jobs, log, notifications, reportSignal, ports }, { warehouses, store }) {
    const forOrganisation = (organisation: string) => warehouses.forOrganisation(organisation);
    ports.provide(warehouseAccessPort, {
      readEngine: async (organisation) => (await forOrganisation(organisation)).readEngine(),
      sampleEngine: async (organisation) => {
        const warehouse = await forOrganisation(organisation);
        return warehouse.info.sample ? warehouse.readEngine() : null;
      },
      loadTarget: async (organisation) => ({
        engine: (await forOrganisation(organisation)).readEngine(),
        database: settingsFor(warehouses.settings, organisation).snowflake?.loadDatabase ?? null,
      }),
      snowflakeAccount: async (organisation) => settingsFor(warehouses.settings, organisation).snowflake ?? null,
      dbtNodeCost: async (organisation, windowDays, readDays) => (await forOrganisation(organisation)).dbtNodeCost(windowDays, readDays),
    });

    // The help assistant's answer to "why did my bill go up?". It never waits long for a first fill of the usage copy.
    ports.provide(costFiguresPort, {
      monthMovers: async (organisation) => {
        const warehouse = await forOrganisation(organisation);
        const ready = await (warehouse.usage?.whenReady(ASSISTANT_WAIT_MS) ?? Promise.resolve()).then(
          () => true,
          () => false,
        );
        const data = ready ? await warehouse.dataRange() : null;
        return data ? warehouse.costMovers(monthSoFar(data)) : null;
      },
    });

    registerWarehouseRoutes(app, warehouses, db);
    registerWarehouseManagementRoutes(app, warehouses, db);
    registerInsightRoutes(app, warehouses);

    // Optimize budgets: evaluated hourly on the job runner, alerting through the notifications service.
    const notify: typeof notifications.notify = (request) => notifications.notify(request);
    const budgets = await startBudgetEvaluation({ db, registry: warehouses, jobs, notify });
    registerBudgetRoutes(app, { db, registry: warehouses, scheduler: budgets, notify });
    // A day that cost far more than the days before it is a signal (cost_anomaly).
    const watchCostAnomalies = createCostAnomalyWatch(reportSignal);
    // The Optimize pages read per-organisation usage copies, kept up to date on the job runner.
    const usageSyncs = createUsageSyncJobs({
      jobs,
      log,
      // A budget is judged on the figures as soon as they move.
      afterSync: async (organisation) => {
        await budgets.evaluateNow(organisation);
        await watchCostAnomalies(organisation, await forOrganisation(organisation));
      },
      usageOf: async (organisation) => {
        const usage = (await forOrganisation(organisation)).usage;
        if (!usage) throw new Error(`The warehouse of ${organisation} has no usage copy.`);
        return usage;
      },
    });
    warehouses.useUsageSync(usageSyncs.opened);
    registerUsageSyncRoutes(app, warehouses, usageSyncs);
    // Before serving: settle the audit of any warehouse change a crash interrupted.
    return { start: () => startChangeRecovery(store, warehouses, jobs, log) };
  },
});
