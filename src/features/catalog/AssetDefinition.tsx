// What a semantic model, metric, saved query or macro is made of, on its asset page: a semantic
// model's entities, dimensions and measures; a metric's type and filter; a saved query's
// metrics, group-bys, filters and exports; a macro's documented arguments (its SQL is shown in
// the SQL panel). Plain definition lists and tables, so every part has a name a screen reader reads.
import type { AssetDefinition as Definition, SemanticPart } from '@common/dbt/catalogContract';
import { SimpleTable } from '../../components/SimpleTable';
import './governance/governance.css';

function Parts({ caption, parts, typeHeader }: { caption: string; parts: readonly SemanticPart[]; typeHeader: string }) {
  return (
    <SimpleTable
      caption={caption}
      captionClassName="text-start fw-semibold text-body"
      className="table table-sm align-middle mb-3"
      rows={parts}
      empty={<p className="small">{`No ${caption.toLowerCase()}.`}</p>}
      rowKey={(part) => part.name}
      columns={[
        { header: 'Name', rowHeader: true, cell: (part) => part.name },
        { header: typeHeader, cell: (part) => `${part.type}${part.extra ? ` (${part.extra})` : ''}` },
        { header: 'Expression', cell: (part) => (part.expr && part.expr !== part.name ? <code>{part.expr}</code> : '–') },
        { header: 'Description', cell: (part) => part.description || '–' },
      ]}
    />
  );
}

/** A list of names, or a dash when there are none. */
function Names({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <>–</>;
  return (
    <ul className="list-unstyled mb-0">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}

export function AssetDefinition({ definition }: { definition: Definition }) {
  switch (definition.kind) {
    case 'semantic_model':
      return (
        <>
          <dl className="dw-definition-list mb-3">
            <dt>Built on</dt>
            <dd>{definition.model ?? '–'}</dd>
            <dt>Counted over</dt>
            <dd>{definition.aggTimeDimension ?? '–'}</dd>
          </dl>
          <Parts caption="Entities" parts={definition.entities} typeHeader="Type" />
          <Parts caption="Dimensions" parts={definition.dimensions} typeHeader="Type" />
          <Parts caption="Measures" parts={definition.measures} typeHeader="Aggregation" />
        </>
      );
    case 'metric':
      return (
        <dl className="dw-definition-list mb-0">
          <dt>Label</dt>
          <dd>{definition.label ?? '–'}</dd>
          <dt>Type</dt>
          <dd>{definition.type}</dd>
          <dt>Filter</dt>
          <dd>{definition.filter ? <code>{definition.filter}</code> : '–'}</dd>
        </dl>
      );
    case 'saved_query':
      return (
        <dl className="dw-definition-list mb-0">
          <dt>Label</dt>
          <dd>{definition.label ?? '–'}</dd>
          <dt>Metrics</dt>
          <dd>
            <Names names={definition.metrics} />
          </dd>
          <dt>Grouped by</dt>
          <dd>
            <Names names={definition.groupBy} />
          </dd>
          <dt>Where</dt>
          <dd>
            <Names names={definition.where} />
          </dd>
          <dt>Exports</dt>
          <dd>
            {definition.exports.length === 0
              ? '–'
              : definition.exports
                  .map(
                    (item) => `${item.name}${item.exportAs ? ` as a ${item.exportAs}` : ''}${item.relation ? ` (${item.relation})` : ''}`,
                  )
                  .join('; ')}
          </dd>
        </dl>
      );
    case 'macro':
      return definition.arguments.length === 0 ? (
        <p className="mb-0 small">No documented arguments: the macro&apos;s signature is in its SQL below.</p>
      ) : (
        <SimpleTable
          caption="Arguments"
          className="table table-sm align-middle mb-0"
          rows={definition.arguments}
          rowKey={(argument) => argument.name}
          columns={[
            { header: 'Argument', rowHeader: true, cell: (argument) => <code>{argument.name}</code> },
            { header: 'Type', cell: (argument) => argument.type ?? '–' },
            { header: 'Description', cell: (argument) => argument.description || '–' },
          ]}
        />
      );
  }
}
