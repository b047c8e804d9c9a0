// The macros the sample's generic tests call, as the manifest lists them: dbt's own package
// holds one macro per generic test (`macro.dbt.test_not_null`, …) and the `get_where_subquery`
// every test's `model` argument goes through. A manifest names each macro a node depends on,
// so the sample's does too. The bodies are short statements of what each test checks, written
// for the sample; the portal shows dbt's own macros nowhere (only the project's and its packages').
type Json = Record<string, unknown>;

const BODIES: Record<string, { sql: string; arguments: string[]; description: string }> = {
  test_not_null: {
    sql: '{% test not_null(model, column_name) %}\nselect {{ column_name }} from {{ model }} where {{ column_name }} is null\n{% endtest %}',
    arguments: ['model', 'column_name'],
    description: 'Rows where the column is null; the test fails when there are any.',
  },
  test_unique: {
    sql: '{% test unique(model, column_name) %}\nselect {{ column_name }}, count(*) as n from {{ model }}\nwhere {{ column_name }} is not null group by 1 having count(*) > 1\n{% endtest %}',
    arguments: ['model', 'column_name'],
    description: 'Values that appear more than once.',
  },
  test_accepted_values: {
    sql: "{% test accepted_values(model, column_name, values, quote=True) %}\nselect {{ column_name }} from {{ model }}\nwhere {{ column_name }} not in ({% for v in values %}{% if quote %}'{{ v }}'{% else %}{{ v }}{% endif %}{% if not loop.last %}, {% endif %}{% endfor %})\n{% endtest %}",
    arguments: ['model', 'column_name', 'values', 'quote'],
    description: 'Values outside the accepted list.',
  },
  test_relationships: {
    sql: '{% test relationships(model, column_name, to, field) %}\nselect child.{{ column_name }} from {{ model }} as child\nleft join {{ to }} as parent on child.{{ column_name }} = parent.{{ field }}\nwhere child.{{ column_name }} is not null and parent.{{ field }} is null\n{% endtest %}',
    arguments: ['model', 'column_name', 'to', 'field'],
    description: 'Values with no matching row in the referenced model.',
  },
  get_where_subquery: {
    sql: '{% macro get_where_subquery(relation) %}\n{%- set where = config.get("where") -%}\n{%- if where -%}(select * from {{ relation }} where {{ where }}) as dbt_subquery{%- else -%}{{ relation }}{%- endif -%}\n{% endmacro %}',
    arguments: ['relation'],
    description: "The relation a test reads, narrowed by the test's `where` config when it has one.",
  },
};

/** The manifest's `macros` entries for the macros `dependsOn` names (those of dbt's package the sample knows). */
export function testMacros(dependsOn: Iterable<string>, createdAt: number): Record<string, Json> {
  const macros: Record<string, Json> = {};
  for (const uniqueId of dependsOn) {
    const name = uniqueId.replace(/^macro\.dbt\./, '');
    const body = BODIES[name];
    if (!uniqueId.startsWith('macro.dbt.') || !body || macros[uniqueId]) continue;
    const file = `macros/generic_test_sql/${name}.sql`;
    macros[uniqueId] = {
      name,
      resource_type: 'macro',
      package_name: 'dbt',
      path: file,
      original_file_path: file,
      unique_id: uniqueId,
      macro_sql: body.sql,
      depends_on: { macros: [] },
      description: body.description,
      meta: {},
      docs: { show: true, node_color: null },
      patch_path: null,
      arguments: body.arguments.map((argument) => ({ name: argument, type: null, description: '' })),
      created_at: createdAt,
      supported_languages: null,
    };
  }
  return macros;
}
