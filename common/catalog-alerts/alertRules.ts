// Alerts rules both sides apply: who may manage alert rules, the destinations a rule can send
// to and their limits.
import { hasAnyRole } from '../access/editions';

/** Who may create, change, delete and test alert rules (the people who look after the data). */
export const alertEditorRoles = ['admin', 'Client-Admin', 'client-admin', 'Client-Dataworks-docs', 'Integration_Engineer'] as const;

export function mayEditAlerts(roles: readonly string[]): boolean {
  return hasAnyRole(roles, alertEditorRoles);
}

export const destinationKinds = ['in_app', 'email', 'webhook'] as const;
export type DestinationKind = (typeof destinationKinds)[number];

export const destinationKindLabels: Record<DestinationKind, string> = {
  in_app: 'In-app notification',
  email: 'E-mail',
  webhook: 'Webhook (Slack-compatible)',
};

export const RULE_NAME_MAX = 120;
export const DESTINATIONS_MAX = 5;
export const FILTER_VALUES_MAX = 20;
export const EMAIL_ADDRESSES_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
/** A webhook that has not answered after this long counts as failed (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Deliveries are tried this many times in all, waiting 10 s, 20 s, 40 s … between tries. */
export const DELIVERY_MAX_ATTEMPTS = 4;
