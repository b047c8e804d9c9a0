// The dashboards API (docs/shell-rules.md, "API calls and analytics" and the management routes): request schemas the server
// validates with, and the shapes both sides use. The browser imports types only from here.
import { z } from 'zod';
import { DASHBOARD_NAME_MAX, DASHBOARD_ORDER_MAX, DASHBOARD_URL_MAX, dashboardNameProblem, dashboardUrlProblem } from './dashboardRules';

/** A dashboard as the management routes answer with it. */
export const dashboardRecord = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  order: z.number(),
  updatedAt: z.string(),
});
export type DashboardRecord = z.infer<typeof dashboardRecord>;

export interface DashboardInput {
  name: string;
  url: string;
  order?: number;
}

/** A dashboard as `api/config/client-dashboards` lists it. `order` may be missing (= 0). */
export const clientDashboard = z.object({ name: z.string(), url: z.string(), order: z.number().optional() });
export type ClientDashboard = z.infer<typeof clientDashboard>;

/** Optional on purpose: the browser must cope with an answer without a list (docs/shell-rules.md, "Errors"). */
export const clientDashboardsResponse = z.object({ dashboards: z.array(clientDashboard).optional() });
export type ClientDashboardsResponse = z.infer<typeof clientDashboardsResponse>;

export const dashboardsResponse = z.object({ dashboards: z.array(dashboardRecord) });
export const dashboardResponse = z.object({ dashboard: dashboardRecord });

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(DASHBOARD_NAME_MAX, `must be at most ${DASHBOARD_NAME_MAX} characters`)
  .refine((value) => dashboardNameProblem(value) !== 'control_characters', 'must not contain control characters');

const url = z
  .string({ error: 'must be text' })
  .trim()
  .max(DASHBOARD_URL_MAX, `must be at most ${DASHBOARD_URL_MAX} characters`)
  .refine((value) => dashboardUrlProblem(value) === undefined, 'must be an absolute http:// or https:// URL without credentials');

const order = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(DASHBOARD_ORDER_MAX, `must be at most ${DASHBOARD_ORDER_MAX}`);

export const createDashboardBody = z.strictObject({ name, url, order: order.optional() }, { error: 'must be a JSON object' });

export const updateDashboardBody = z
  .strictObject({ name: name.optional(), url: url.optional(), order: order.optional() }, { error: 'must be a JSON object' })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, url, order');

export const reorderDashboardsBody = z.strictObject(
  { ids: z.array(z.uuid('must be dashboard ids'), { error: 'must be a list of dashboard ids' }).min(1, 'must not be empty').max(1000) },
  { error: 'must be a JSON object' },
);

export const dashboardIdParams = z.object({ id: z.uuid('must be a dashboard id') });
