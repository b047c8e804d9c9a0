// Alerts' endpoints (common/api/endpoint.ts): the server registers its routes from them and the
// browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { AlertRuleInput, AlertRuleList, AlertRuleRecord, DeliveryList, DeliveryListQuery, TestAlertResponse } from './alertsContract';

type One = { rule: AlertRuleRecord };
type ById = { id: string };

export const catalogAlertsEndpoints = {
  rules: endpoint<{ response: AlertRuleList }>()('GET', '/api/catalog/alerts/rules'),
  createRule: endpoint<{ body: AlertRuleInput; response: One }>()('POST', '/api/catalog/alerts/rules', 201),
  updateRule: endpoint<{ params: ById; body: AlertRuleInput; response: One }>()('PUT', '/api/catalog/alerts/rules/:id'),
  deleteRule: endpoint<{ params: ById; response: void }>()('DELETE', '/api/catalog/alerts/rules/:id', 204),
  // Accepted: the test alerts are queued, not yet delivered.
  testRule: endpoint<{ params: ById; response: TestAlertResponse }>()('POST', '/api/catalog/alerts/rules/:id/test', 202),
  deliveries: endpoint<{ query: DeliveryListQuery; response: DeliveryList }>()('GET', '/api/catalog/alerts/deliveries'),
};
