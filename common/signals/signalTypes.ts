// Signals: facts an area reports as they happen (a dbt test failed, a source went stale, an
// incident moved, a connector sync failed, a day's warehouse cost jumped). The area that reports
// one does not know who listens; the catalog's alert rules do (and later, anything else that
// reacts to events). Each signal names the asset it is about, when there is one, so listeners
// can filter by the asset's tags, domain and owners without asking the reporting area.

export const signalKinds = [
  'test_failure',
  'test_warning',
  'freshness_warn',
  'freshness_error',
  'incident_state_change',
  'connector_sync_failure',
  'cost_anomaly',
] as const;

export type SignalKind = (typeof signalKinds)[number];

export const signalKindLabels: Record<SignalKind, string> = {
  test_failure: 'A dbt test fails',
  test_warning: 'A dbt test warns',
  freshness_warn: 'A source is late (freshness warn)',
  freshness_error: 'A source is stale (freshness error)',
  incident_state_change: 'An incident changes state',
  connector_sync_failure: 'A connector sync fails',
  cost_anomaly: 'A day of warehouse cost is unusually high',
};

/**
 * 1 is the most severe, 5 the least (the Incident Manager's scale). An incident carries its own;
 * the other kinds take the level of `defaultSignalSeverity`.
 */
export type SignalSeverity = 1 | 2 | 3 | 4 | 5;

export const defaultSignalSeverity: Record<SignalKind, SignalSeverity> = {
  test_failure: 2,
  test_warning: 4,
  freshness_warn: 4,
  freshness_error: 2,
  incident_state_change: 3,
  connector_sync_failure: 2,
  cost_anomaly: 3,
};

export interface Signal {
  organisation: string;
  kind: SignalKind;
  /** One line, as an alert's headline. */
  title: string;
  /** A sentence or two of detail. */
  body: string;
  /** A portal path to the thing (`/app/...`), or null. */
  link: string | null;
  severity: SignalSeverity;
  /** The dbt node it is about (a model, a source, a test's model), when there is one. */
  assetId: string | null;
  occurredAt: string;
  /** Small facts for listeners (ids, figures). */
  facts: Record<string, string | number | boolean | null>;
}

/** What a reporting area gives: the severity defaults by kind, the time to now. */
export type SignalInput = Omit<Signal, 'severity' | 'occurredAt' | 'facts' | 'assetId' | 'link'> &
  Partial<Pick<Signal, 'severity' | 'occurredAt' | 'facts' | 'assetId' | 'link'>>;

export function toSignal(input: SignalInput, now: Date = new Date()): Signal {
  return {
    ...input,
    severity: input.severity ?? defaultSignalSeverity[input.kind],
    occurredAt: input.occurredAt ?? now.toISOString(),
    assetId: input.assetId ?? null,
    link: input.link ?? null,
    facts: input.facts ?? {},
  };
}
