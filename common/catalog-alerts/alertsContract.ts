// Alerts (GET/POST/PUT/DELETE /api/catalog/alerts/…): rules with a trigger (a signal kind),
// filters on the asset the signal is about and destinations; the delivery log; test alerts.
import { z } from 'zod';
import { signalKinds } from '../signals/signalTypes';
import { DESTINATIONS_MAX, EMAIL_ADDRESSES_MAX, FILTER_VALUES_MAX, RULE_NAME_MAX, WEBHOOK_URL_MAX } from './alertRules';

const filterValues = (what: string) =>
  z
    .array(z.string().trim().min(1, `a ${what} must not be empty`).max(255, `a ${what} is at most 255 characters`))
    .max(FILTER_VALUES_MAX, `at most ${FILTER_VALUES_MAX} values`)
    .default([]);

export const alertFilters = z.strictObject({
  /** dbt unique ids; empty = any asset. */
  assetIds: filterValues('asset id'),
  tags: filterValues('tag'),
  domains: filterValues('domain'),
  owners: filterValues('owner'),
  /** Signals at this level or more severe (1 is the most severe); null = any. */
  maxSeverity: z
    .number({ error: 'must be a number from 1 to 5' })
    .int()
    .min(1, 'must be from 1 to 5')
    .max(5, 'must be from 1 to 5')
    .nullable()
    .default(null),
});
export type AlertFilters = z.output<typeof alertFilters>;

export const alertDestination = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('in_app'),
      /** Portal roles whose holders get the notification; empty = everyone in the organisation. */
      roles: z.array(z.string().trim().min(1).max(100)).max(FILTER_VALUES_MAX).default([]),
    }),
    z.strictObject({
      kind: z.literal('email'),
      addresses: z
        .array(z.email({ error: 'must be an e-mail address' }).max(254))
        .min(1, 'needs at least one address')
        .max(EMAIL_ADDRESSES_MAX, `at most ${EMAIL_ADDRESSES_MAX} addresses`),
    }),
    z.strictObject({
      kind: z.literal('webhook'),
      url: z
        .string()
        .trim()
        .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
        .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })),
    }),
  ],
  { error: 'kind must be one of in_app, email, webhook' },
);
export type AlertDestination = z.output<typeof alertDestination>;

export const alertRuleInput = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(RULE_NAME_MAX, `must be at most ${RULE_NAME_MAX} characters`),
  trigger: z.enum(signalKinds, { error: `must be one of ${signalKinds.join(', ')}` }),
  filters: alertFilters.default({ assetIds: [], tags: [], domains: [], owners: [], maxSeverity: null }),
  destinations: z
    .array(alertDestination)
    .min(1, 'a rule needs at least one destination')
    .max(DESTINATIONS_MAX, `at most ${DESTINATIONS_MAX} destinations`),
  enabled: z.boolean().default(true),
});
export type AlertRuleInput = z.input<typeof alertRuleInput>;

export const alertRuleRecord = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.enum(signalKinds),
  filters: alertFilters,
  destinations: z.array(alertDestination),
  enabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRuleRecord = z.infer<typeof alertRuleRecord>;

export const alertRuleList = z.object({ rules: z.array(alertRuleRecord), mayEdit: z.boolean(), emailAvailable: z.boolean() });
export type AlertRuleList = z.infer<typeof alertRuleList>;

export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const alertDeliveryRecord = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string(),
  signalKind: z.enum(signalKinds),
  title: z.string(),
  destinationKind: z.enum(['in_app', 'email', 'webhook']),
  target: z.string(),
  isTest: z.boolean(),
  status: z.enum(deliveryStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  responseStatus: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AlertDeliveryRecord = z.infer<typeof alertDeliveryRecord>;

export const deliveryListQuery = z.strictObject({
  ruleId: z.uuid({ error: 'must be a rule id' }).optional(),
  status: z.enum(deliveryStatuses, { error: `must be one of ${deliveryStatuses.join(', ')}` }).optional(),
  /** Deliveries older than this id (the log pages backwards). */
  before: z
    .string()
    .regex(/^[0-9]{1,18}$/, 'must be a delivery id')
    .optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuery>;

export const deliveryList = z.object({ deliveries: z.array(alertDeliveryRecord), nextBefore: z.string().nullable() });
export type DeliveryList = z.infer<typeof deliveryList>;

export const testAlertResponse = z.object({ deliveries: z.array(alertDeliveryRecord) });
export type TestAlertResponse = z.infer<typeof testAlertResponse>;
