// The demo organisations the portal fills with sample content when demo data is on (DEMO_DATA):
// dashboards, dbt artifacts, data APIs, knowledge articles and the demo dashboard pages.
export const DEMO_ORGANISATIONS = ['acme', 'globex'] as const;

export type DemoOrganisation = (typeof DEMO_ORGANISATIONS)[number];

export const isDemoOrganisation = (organisation: string): organisation is DemoOrganisation =>
  (DEMO_ORGANISATIONS as readonly string[]).includes(organisation);
