// Demo records for the two demo organisations, written on first start when demo data is on.
// The dashboards point at the demo dashboard pages the portal itself serves
// (server/src/features/demo-dashboards), so the Viewer shows real charts with no other set-up.
import { createOrganisation, writeAudit } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { DemoOrganisation } from '@common/demo/demoOrganisations';
import { endpointUrl } from '@common/api/endpoint';
import { demoDashboardsEndpoints } from '@common/demo-dashboards/demoDashboardsEndpoints';

export interface DemoDashboard {
  slug: string;
  name: string;
  order: number;
}

/** The organisations differ on purpose: different lists in a different order. */
type DemoSeed = { name: string; dashboards: DemoDashboard[] };

export const demoDashboards: Readonly<Record<string, DemoSeed>> = {
  acme: {
    name: 'Acme Corporation',
    dashboards: [
      { slug: 'warehouse-credits', name: 'Warehouse credits', order: 1 },
      { slug: 'query-activity', name: 'Query activity', order: 2 },
      { slug: 'storage', name: 'Storage', order: 3 },
    ],
  },
  globex: {
    name: 'Globex',
    dashboards: [
      { slug: 'query-activity', name: 'Query activity', order: 1 },
      { slug: 'warehouse-credits', name: 'Credits by warehouse', order: 2 },
    ],
  },
} satisfies Record<DemoOrganisation, DemoSeed>;

export function demoDashboardUrl(portalUrl: string, organisation: string, slug: string): string {
  return `${portalUrl}/${endpointUrl(demoDashboardsEndpoints.page, { organisation, slug })}`;
}

const seeder = { organisation: 'system', subject: 'system', username: 'demo-seed' };

/** Seeds each demo organisation once; an organisation that already exists is left alone. */
export async function seedDemoData(db: StoreDb, portalUrl: string): Promise<void> {
  for (const [id, demo] of Object.entries(demoDashboards)) {
    await db.transaction().execute(async (tx) => {
      if (!(await createOrganisation(tx, { id, name: demo.name }))) return;
      await tx
        .insertInto('dashboards')
        .values(
          demo.dashboards.map((d) => ({
            organisation_id: id,
            name: d.name,
            url: demoDashboardUrl(portalUrl, id, d.slug),
            position: d.order,
          })),
        )
        .execute();
      await writeAudit(
        tx,
        { ...seeder, organisation: id },
        { action: 'demo.seed', target: id, details: { dashboards: demo.dashboards.length } },
      );
    });
  }
}
