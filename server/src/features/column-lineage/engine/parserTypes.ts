// The parts of @polyglot-sql/sdk the tracing uses, as plain types: the worker passes the real
// module, and the tracing code stays independent of how the package types itself.

/** The parts of the parser this module uses (the worker passes the real module). */
export interface LineageParser {
  lineageWithSchema(column: string, sql: string, schema: ParserSchema, dialect?: string): ParserLineageResult;
  outputColumnsWithSchema(sql: string, schema: ParserSchema, dialect?: string): ParserOutputColumns;
  parse(sql: string, dialect?: string): { success: boolean; ast?: unknown; error?: string | null };
  generate(ast: unknown, dialect?: string): { success: boolean; sql?: string[] | null; error?: string | null };
}
export interface ParserSchema {
  tables: Array<{ name: string; columns: Array<{ name: string; type: string }> }>;
  strict?: boolean;
}
export interface ParserLineageNode {
  name: string;
  expression?: unknown;
  downstream: ParserLineageNode[];
  source_name?: string;
  source_kind?: string;
}
export interface ParserLineageResult {
  success: boolean;
  lineage?: ParserLineageNode;
  error?: string | null;
}
export interface ParserOutputColumns {
  success: boolean;
  output?: { columns: Array<{ kind: string; name?: string }> };
  error?: string | null;
}
