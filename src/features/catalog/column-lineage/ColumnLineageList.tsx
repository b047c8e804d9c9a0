// The column view as lists, beside the drawing: each node's columns as buttons (the keyboard way
// to choose a column; the chosen one is pressed and says "chosen", those on its path say "on the
// path"), and the column edges as a table: all of them, or only the chosen column's path.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnGraphEdge } from '@common/column-lineage/columnLineageContract';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/dataColumn';
import type { ColumnOverlay } from '../../../components/lineage/LineageGraph';
import { columnKey, edgeKey } from '../../../components/lineage/columnGraphModel';
import type { LineageGraphModel } from '../../../components/lineage/graphModel';
import { nodePagePath } from '../nodePagePath';
import { transformWords } from './transformWords';

function NodeColumnButtons({ node, overlay }: { node: string; overlay: ColumnOverlay }) {
  const columns = overlay.byNode[node] ?? [];
  if (columns.length === 0) return <p className="small text-body-secondary mb-2">No columns known.</p>;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-2">
      {columns.map((column) => {
        const chosen = overlay.chosen?.node === node && overlay.chosen.column === column;
        const onPath = !chosen && overlay.path.columns.has(columnKey(node, column));
        return (
          <li key={column}>
            <button
              type="button"
              className={`btn btn-sm ${chosen ? 'btn-warning' : onPath ? 'btn-outline-warning text-body' : 'btn-outline-secondary'}`}
              aria-pressed={chosen}
              onClick={() => overlay.onChoose(node, column)}
            >
              {column}
              {chosen ? ' ◆ chosen' : onPath ? ' ● on the path' : ''}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface EdgeRow extends ColumnGraphEdge {
  key: string;
  fromName: string;
  toName: string;
}

const edgeColumns: DataColumn<EdgeRow>[] = [
  {
    id: 'from',
    header: 'From',
    value: (row) => `${row.fromName}.${row.fromColumn}`,
    cell: (row) => <Link to={nodePagePath(row.fromNode)}>{`${row.fromName}.${row.fromColumn}`}</Link>,
  },
  {
    id: 'to',
    header: 'To',
    rowHeader: true,
    value: (row) => `${row.toName}.${row.toColumn}`,
    cell: (row) => <Link to={nodePagePath(row.toNode)}>{`${row.toName}.${row.toColumn}`}</Link>,
  },
  { id: 'how', header: 'How', value: (row) => transformWords(row.transform) },
];

export function ColumnLineageList({ model, overlay }: { model: LineageGraphModel; overlay: ColumnOverlay }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  // A column chosen in the drawing opens its node here, so the pressed button is there to see.
  const chosenNode = overlay.chosen?.node ?? null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (chosenNode !== openedFor) {
    setOpenedFor(chosenNode);
    if (chosenNode && !open.has(chosenNode)) setOpen(new Set([...open, chosenNode]));
  }
  const name = (id: string) => model.nodes.get(id)?.name ?? id;
  const nodes = [...model.nodes.values()]
    .filter((node) => overlay.byNode[node.uniqueId] !== undefined)
    .sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
  const allEdges = overlay.edges.filter((edge) => model.nodes.has(edge.fromNode) && model.nodes.has(edge.toNode));
  const shown = overlay.chosen ? allEdges.filter((edge) => overlay.path.edges.has(edgeKey(edge))) : allEdges;
  const rows: EdgeRow[] = shown.map((edge) => ({ ...edge, key: edgeKey(edge), fromName: name(edge.fromNode), toName: name(edge.toNode) }));
  const toggle = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosenLabel = overlay.chosen ? `${name(overlay.chosen.node)}.${overlay.chosen.column}` : null;
  return (
    <section className="mt-3" aria-labelledby="column-list-title">
      <h2 id="column-list-title" className="h6">
        Columns of the graph
      </h2>
      <p className="small text-body-secondary mb-2">
        Open a node and choose a column to highlight where it comes from and where it goes; choose it again to clear.
      </p>
      <div className="row">
        <div className="col-lg-5">
          {nodes.map((node) => {
            const columns = overlay.byNode[node.uniqueId] ?? [];
            const onPath = columns.filter((column) => overlay.path.columns.has(columnKey(node.uniqueId, column))).length;
            // Closed nodes render no buttons: a graph of many wide models stays light.
            const isOpen = open.has(node.uniqueId);
            return (
              <details key={node.uniqueId} open={isOpen} onToggle={(event) => toggle(node.uniqueId, event.currentTarget.open)}>
                <summary>
                  {node.name}{' '}
                  <span className="small text-body-secondary">
                    ({node.resourceType.replace('_', ' ')}, {columns.length} columns{onPath > 0 ? `, ${onPath} on the path` : ''})
                  </span>
                </summary>
                {isOpen ? <NodeColumnButtons node={node.uniqueId} overlay={overlay} /> : null}
              </details>
            );
          })}
        </div>
        <div className="col-lg-7">
          <DataTable
            caption={chosenLabel ? `Column edges on the path of ${chosenLabel}` : 'Column edges'}
            showCaption
            columns={edgeColumns}
            rows={rows}
            rowKey={(row) => row.key}
            exportFileName={csvFileName('column edges')}
            emptyText={chosenLabel ? `No column edge reaches ${chosenLabel} in this graph.` : 'No column edges among these nodes.'}
          />
        </div>
      </div>
    </section>
  );
}
