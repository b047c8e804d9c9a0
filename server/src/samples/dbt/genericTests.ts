/**
 * dbt's four built-in generic data tests, rendered the way dbt-core's macros render them
 * (test_not_null, test_unique, test_accepted_values, test_relationships), plus the names dbt
 * gives them. Each query returns the failing rows; the test's result is their count.
 */
import { stringLiteral } from '../../platform/warehouse/identifiers.js';
import type { TestSpec } from './projectTypes.js';
import { ProjectError } from './yamlValues.js';

/**
 * Column names are written unquoted, as dbt writes them unless a column sets `quote: true`:
 * quoting a lower-case name would make Snowflake look for a lower-case column. So they must be
 * plain identifiers, which this checks before a name reaches SQL.
 */
export function plainColumn(name: string, file: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) throw new ProjectError(file, `column ${name} is not a plain identifier`);
  return name;
}

export function genericTestSql(
  spec: TestSpec,
  column: string,
  relation: string,
  target: { relation: string; field: string } | null,
): string {
  switch (spec.kind) {
    case 'not_null':
      return `select ${column}\nfrom ${relation}\nwhere ${column} is null\n`;
    case 'unique':
      return `select\n    ${column} as unique_field,\n    count(*) as n_records\n\nfrom ${relation}\nwhere ${column} is not null\ngroup by ${column}\nhaving count(*) > 1\n`;
    case 'accepted_values': {
      const values = acceptedValues(spec);
      return `with all_values as (\n\n    select\n        ${column} as value_field,\n        count(*) as n_records\n\n    from ${relation}\n    group by ${column}\n\n)\n\nselect *\nfrom all_values\nwhere value_field not in (\n    ${values.map(stringLiteral).join(',')}\n)\n`;
    }
    case 'relationships': {
      if (!target) throw new Error('relationships test without a target');
      return `with child as (\n    select ${column} as from_field\n    from ${relation}\n    where ${column} is not null\n),\n\nparent as (\n    select ${target.field} as to_field\n    from ${target.relation}\n)\n\nselect\n    from_field\n\nfrom child\nleft join parent\n    on child.from_field = parent.to_field\n\nwhere parent.to_field is null\n`;
    }
  }
}

export function acceptedValues(spec: TestSpec): string[] {
  const values = spec.arguments.values;
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string'))
    throw new Error('accepted_values needs a list of text values');
  return values as string[];
}

/** dbt's test name: the test, the node, the column and the arguments, joined by underscores. */
export function genericTestName(spec: TestSpec, nodeName: string, column: string, sourcePrefix: boolean): string {
  const prefix = `${sourcePrefix ? 'source_' : ''}${spec.kind}_${nodeName}_${column}`;
  switch (spec.kind) {
    case 'not_null':
    case 'unique':
      return prefix;
    case 'accepted_values':
      return `${prefix}__${acceptedValues(spec).join('__')}`;
    case 'relationships':
      return `${prefix}__${String(spec.arguments.field)}__${String(spec.arguments.to).replace(/[^A-Za-z0-9_]+/g, '_')}`;
  }
}
