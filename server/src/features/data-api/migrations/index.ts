// The data-api area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { dataApi } from './007_data_api.js';

export const migrations: Record<string, Migration> = {
  '007_data_api': dataApi,
};
