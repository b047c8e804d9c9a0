// What needs the signed-in user, gathered from the areas' own endpoints (each asked only of
// those who may open its page, so each answers with what the access table allows): failing
// tests on assets they own (dbt owner = their e-mail), open incidents assigned to them, failing
// connections, unread replies to their tickets, and budgets at risk or exceeded.
import { skipToken } from '@reduxjs/toolkit/query';
import { canOpen } from '@common/access/access';
import { appPaths } from '@common/paths';
import { useGetBudgetsQuery } from '../../api/budgetsApi';
import { useListIncidentsQuery, useListQualityTestsQuery } from '../../api/catalogQualityApi';
import { useListConnectionsQuery } from '../../api/integrationsApi';
import { useGetInboxQuery } from '../../api/notificationsApi';

export interface AttentionItem {
  key: string;
  /** What it is, in a sentence. */
  text: string;
  /** Where it is dealt with. */
  link: string;
  tone: 'danger' | 'warning' | 'info';
}

/** How many of each kind are listed; the link of the kind's page holds the rest. */
export const ATTENTION_PER_KIND = 3;

export function useNeedsAttention(
  roles: readonly string[],
  me: { subject: string; email: string | null },
): { items: AttentionItem[]; loading: boolean } {
  const mayQuality = canOpen(roles, 'catalogDataQuality') && me.email !== null;
  const mayIncidents = canOpen(roles, 'catalogIncidents');
  const mayConnections = canOpen(roles, 'manageConnectors');
  const mayBudgets = canOpen(roles, 'snowflakeCost');
  const tests = useListQualityTestsQuery(
    mayQuality
      ? new URLSearchParams({ status: 'fail', owner: me.email ?? '', pageSize: String(ATTENTION_PER_KIND) }).toString()
      : skipToken,
  );
  const incidents = useListIncidentsQuery(
    mayIncidents ? new URLSearchParams({ open: 'true', assignee: me.subject, pageSize: String(ATTENTION_PER_KIND) }).toString() : skipToken,
  );
  const connections = useListConnectionsQuery(mayConnections ? 'health=failing' : skipToken);
  const replies = useGetInboxQuery({ type: 'ticket_update', unreadOnly: true, limit: ATTENTION_PER_KIND, offset: 0 });
  const budgets = useGetBudgetsQuery(mayBudgets ? undefined : skipToken);

  const items: AttentionItem[] = [];
  for (const test of tests.currentData?.tests ?? [])
    items.push({
      key: `test:${test.uniqueId}`,
      text: `Test ${test.name} is failing on ${test.assetName ?? 'an asset you own'}`,
      link: `${appPaths.catalogDataQuality}?test=${encodeURIComponent(test.uniqueId)}#test-detail`,
      tone: 'danger',
    });
  for (const incident of incidents.currentData?.incidents ?? [])
    items.push({
      key: `incident:${incident.id}`,
      text: `Incident assigned to you: ${incident.name}`,
      link: `${appPaths.catalogIncidents}?incident=${encodeURIComponent(incident.id)}#incident-detail`,
      tone: 'danger',
    });
  for (const connection of (connections.currentData?.connections ?? []).slice(0, ATTENTION_PER_KIND))
    items.push({
      key: `connection:${connection.id}`,
      text: `Connection ${connection.name} is failing`,
      link: `${appPaths.manageConnectors}?connection=${encodeURIComponent(connection.id)}&tab=timeline`,
      tone: 'danger',
    });
  for (const reply of replies.currentData?.notifications ?? [])
    items.push({
      key: `reply:${reply.id}`,
      text: reply.title,
      link: reply.link ?? appPaths.support,
      tone: 'info',
    });
  for (const budget of (budgets.currentData?.budgets ?? []).filter((one) => one.status !== 'on_track').slice(0, ATTENTION_PER_KIND))
    items.push({
      key: `budget:${budget.id}`,
      text: `Budget ${budget.name} ${budget.status === 'exceeded' ? 'is exceeded' : 'is at risk this month'}`,
      link: appPaths.snowflakeCost,
      tone: budget.status === 'exceeded' ? 'danger' : 'warning',
    });
  const loading = [tests, incidents, connections, replies, budgets].some((query) => query.isLoading);
  return { items, loading };
}
