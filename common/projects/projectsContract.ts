// Projects (/api/projects): a client's data projects and the resources of other areas they
// group, with each resource's health as those areas record it (dashboards, the catalog's
// models, sources and exposures with their tests and builds).
import { z } from 'zod';
import { LABEL_MAX, MARKDOWN_MAX, TITLE_MAX, lineText, optionalText } from '../workspace/fieldRules';

export const projectStatuses = ['planned', 'active', 'on_hold', 'completed'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusLabels: Record<ProjectStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  on_hold: 'On hold',
  completed: 'Completed',
};

/** The areas a project can group today (connectors and data API endpoints join when those areas exist). */
export const projectResourceKinds = ['dashboard', 'catalog_asset', 'exposure'] as const;
export type ProjectResourceKind = (typeof projectResourceKinds)[number];
export const projectResourceKindLabels: Record<ProjectResourceKind, string> = {
  dashboard: 'Dashboard',
  catalog_asset: 'Catalog asset',
  exposure: 'Exposure',
};

export const resourceHealthStatuses = ['healthy', 'warning', 'failing', 'unknown', 'missing'] as const;
export type ResourceHealthStatus = (typeof resourceHealthStatuses)[number];
export const resourceHealthLabels: Record<ResourceHealthStatus, string> = {
  healthy: 'Healthy',
  warning: 'Warning',
  failing: 'Failing',
  unknown: 'Unknown',
  missing: 'Missing',
};

export const projectResource = z.object({
  kind: z.enum(projectResourceKinds),
  ref: z.string(),
  name: z.string(),
  /** A portal path to the resource; null when it no longer exists. */
  link: z.string().nullable(),
  health: z.enum(resourceHealthStatuses),
  /** Why: "2 tests failing", "last build error", "no results yet". */
  detail: z.string(),
});
export type ProjectResource = z.infer<typeof projectResource>;

export const projectSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.string(),
  members: z.array(z.string()),
  status: z.enum(projectStatuses),
  updatedAt: z.string(),
  resourceCount: z.number(),
  health: z.enum(resourceHealthStatuses),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

export const projectDetail = projectSummary.extend({
  createdAt: z.string(),
  resources: z.array(projectResource),
  healthCounts: z.record(z.string(), z.number()),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectsResponse = z.object({ projects: z.array(projectSummary) });
export const projectResponse = z.object({ project: projectDetail });

const USERNAME = /^[\p{L}\p{N}._@-]{1,100}$/u;
const username = z.string({ error: 'must be text' }).trim().regex(USERNAME, 'must be a username (letters, digits, . _ @ -)');
const projectFields = {
  name: lineText(TITLE_MAX),
  description: optionalText(MARKDOWN_MAX),
  owner: username,
  members: z
    .array(username, { error: 'must be a list of usernames' })
    .max(100, 'must be at most 100 members')
    .transform((list) => [...new Set(list)]),
  status: z.enum(projectStatuses, { error: `must be one of ${projectStatuses.join(', ')}` }),
};
export const createProjectBody = z.strictObject(
  {
    ...projectFields,
    description: projectFields.description.default(''),
    members: projectFields.members.default([]),
    status: projectFields.status.default('active'),
  },
  { error: 'must be a JSON object' },
);
export type ProjectInput = z.input<typeof createProjectBody>;
export const updateProjectBody = z
  .strictObject(
    {
      name: projectFields.name.optional(),
      description: projectFields.description.optional(),
      owner: projectFields.owner.optional(),
      members: projectFields.members.optional(),
      status: projectFields.status.optional(),
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, description, owner, members, status');
export type ProjectUpdate = z.input<typeof updateProjectBody>;

export const projectResourceBody = z.strictObject(
  { kind: z.enum(projectResourceKinds, { error: `must be one of ${projectResourceKinds.join(', ')}` }), ref: lineText(LABEL_MAX * 10) },
  { error: 'must be a JSON object' },
);
export type ProjectResourceInput = z.input<typeof projectResourceBody>;

/** What can be added to a project: the organisation's resources by kind. */
export const resourceOptionsResponse = z.object({
  options: z.array(z.object({ kind: z.enum(projectResourceKinds), ref: z.string(), name: z.string() })),
});
export type ResourceOption = z.infer<typeof resourceOptionsResponse>['options'][number];
