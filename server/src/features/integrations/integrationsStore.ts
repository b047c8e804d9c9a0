// The integrations area's rows in the portal store: sources (sourcesStore.ts), connections
// (connectionsStore.ts), sync jobs and their attempts (syncJobsStore.ts). Every read and write
// names the organisation; another organisation's row is "not found". Views in the contract's
// shapes are built by the services, not here; the timestamps they show are made ISO text by the
// helpers below.
export * from './sourcesStore.js';
export * from './connectionsStore.js';
export * from './syncJobsStore.js';

export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
export const iso = (value: Date | string): string => new Date(value).toISOString();
