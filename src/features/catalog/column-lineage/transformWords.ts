// How a column relates to another, said in words on the pages (the contract's kinds are terse,
// and "filtered" or "joined on" would read as if the value itself were changed).
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';

const words: Record<ColumnTransform, string> = {
  'passed through': 'passed through as is',
  renamed: 'renamed',
  computed: 'computed from it',
  aggregated: 'aggregated',
  filtered: 'filters the rows (not the value)',
  'joined on': 'join key (matches rows, not the value)',
};

export function transformWords(transform: ColumnTransform): string {
  return words[transform];
}

/** A column as people write it: `model.column`. */
export function columnLabel(nodeName: string, column: string): string {
  return `${nodeName}.${column}`;
}
