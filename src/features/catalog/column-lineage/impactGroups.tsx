// The parts of an impact report, one per kind of thing a change reaches. Each says in words when
// it is empty, so "nothing here" is never confused with "not loaded".
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ImpactedColumn, ImpactedNode, ImpactedThing, ImpactOwner, NodeLink } from '@common/column-lineage/columnLineageContract';
import { SimpleTable } from '../../../components/SimpleTable';
import { nodePagePath } from '../nodePagePath';
import { columnLabel, transformWords } from './transformWords';

const steps = (distance: number) => (distance === 1 ? '1 step' : `${distance} steps`);
const kind = (resourceType: string) => resourceType.replace('_', ' ');
const ownersText = (owners: string[]) => owners.join(', ') || '–';

/** A titled part of the report; `count` is shown beside the title so the headings alone summarise it. */
export function ImpactGroup({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <div className="mb-3">
      <h3 className="h6 mb-2">
        {title} <span className="badge text-bg-light border">{count}</span>
      </h3>
      {children}
    </div>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="small text-body-secondary mb-0">{children}</p>;

export function ImpactColumns({ columns, empty }: { columns: ImpactedColumn[]; empty: string }) {
  return (
    <SimpleTable
      caption="Downstream columns"
      rows={columns}
      rowKey={(column) => `${column.uniqueId}|${column.column}`}
      empty={<Empty>{empty}</Empty>}
      columns={[
        {
          header: 'Column',
          rowHeader: true,
          cell: (column) => <Link to={nodePagePath(column.uniqueId)}>{columnLabel(column.nodeName, column.column)}</Link>,
        },
        { header: 'Type', cell: (column) => kind(column.resourceType) },
        { header: 'Distance', cell: (column) => steps(column.distance) },
        { header: 'How it reads it', cell: (column) => transformWords(column.transform) },
      ]}
    />
  );
}

export function ImpactNodes({ caption, nodes, empty }: { caption: string; nodes: ImpactedNode[]; empty: string }) {
  return (
    <SimpleTable
      caption={caption}
      rows={nodes}
      rowKey={(node) => node.uniqueId}
      empty={<Empty>{empty}</Empty>}
      columns={[
        { header: 'Name', rowHeader: true, cell: (node) => <Link to={nodePagePath(node.uniqueId)}>{node.name}</Link> },
        { header: 'Type', cell: (node) => kind(node.resourceType) },
        { header: 'Distance', cell: (node) => steps(node.distance) },
        { header: 'Owners', cell: (node) => ownersText(node.owners) },
      ]}
    />
  );
}

/** A link to the portal page the server named, else the name alone. */
function ThingName({ thing }: { thing: ImpactedThing }) {
  if (!thing.href) return <>{thing.name}</>;
  return thing.href.startsWith('/') ? <Link to={thing.href}>{thing.name}</Link> : <a href={thing.href}>{thing.name}</a>;
}

export function ImpactThings({ caption, things, empty }: { caption: string; things: ImpactedThing[]; empty: string }) {
  return (
    <SimpleTable
      caption={caption}
      rows={things}
      rowKey={(thing) => thing.id}
      empty={<Empty>{empty}</Empty>}
      columns={[
        { header: 'Name', rowHeader: true, cell: (thing) => <ThingName thing={thing} /> },
        { header: 'Reached through', cell: (thing) => thing.via },
        { header: 'Owners', cell: (thing) => ownersText(thing.owners) },
      ]}
    />
  );
}

export function ImpactOwners({ owners }: { owners: ImpactOwner[] }) {
  if (owners.length === 0) return <Empty>Nobody to notify: nothing it reaches has an owner on record.</Empty>;
  return (
    <ul className="mb-0">
      {owners.map((owner) => (
        <li key={owner.owner}>
          <strong>{owner.owner}</strong>: {owner.reasons.join('; ')}
        </li>
      ))}
    </ul>
  );
}

export function ImpactUnparsed({ nodes }: { nodes: NodeLink[] }) {
  if (nodes.length === 0) return <Empty>None: every model on the path was parsed, so the column trail is complete.</Empty>;
  return (
    <>
      <p className="small mb-1">
        The column trail stops at these models (their SQL could not be parsed, or their lineage is not computed yet), so each counts as
        reached as a whole model.
      </p>
      <ul className="mb-0">
        {nodes.map((node) => (
          <li key={node.uniqueId}>
            <Link to={nodePagePath(node.uniqueId)}>{node.name}</Link>{' '}
            <span className="small text-body-secondary">({kind(node.resourceType)})</span>
          </li>
        ))}
      </ul>
    </>
  );
}
