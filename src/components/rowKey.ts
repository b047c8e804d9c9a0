// How a table tells its rows apart: by their `id` unless the rows have none, when the page
// says how (a name, a time).
export type RowKeyProps<Row> =
  { rowKey: (row: Row, index: number) => string } | (Row extends { id: string } ? { rowKey?: undefined } : never);

export const byId = (row: unknown) => (row as { id: string }).id;
