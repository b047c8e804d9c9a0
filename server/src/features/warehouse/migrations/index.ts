// The warehouse area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { budgets } from './011_budgets.js';

export const migrations: Record<string, Migration> = {
  '011_budgets': budgets,
};
