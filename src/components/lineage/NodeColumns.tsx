// A node's columns in the graph's column view: one row each, with the handles the column edges
// attach to. The chosen column and those on its path are marked with a sign as well as a colour
// (◆ chosen, ● on the path). Clicking a row chooses it; keyboard users choose from the column
// list beside the graph, which holds the same columns as buttons (the rows here are not tab stops,
// so a graph of fifty-column models is not hundreds of Tab presses long).
import { Handle, Position } from '@xyflow/react';
import { columnHandle } from './flowEdges';

export interface NodeColumn {
  name: string;
  mark: 'chosen' | 'path' | null;
}

const signs = { chosen: '◆', path: '●' } as const;

export function NodeColumns({
  node,
  columns,
  onChoose,
}: {
  node: string;
  columns: NodeColumn[];
  onChoose: (node: string, column: string) => void;
}) {
  if (columns.length === 0) return <div className="dw-lineage-no-columns">No columns</div>;
  return (
    <ul className="dw-lineage-columns">
      {columns.map((column) => (
        <li
          key={column.name}
          className={column.mark ? `is-${column.mark}` : undefined}
          title={column.name}
          onClick={(event) => {
            // The row, not the node: a click here does not select the node as well.
            event.stopPropagation();
            onChoose(node, column.name);
          }}
        >
          <Handle type="target" id={columnHandle('in', column.name)} position={Position.Left} isConnectable={false} />
          <span className="dw-lineage-column-sign" aria-hidden="true">
            {column.mark ? signs[column.mark] : ''}
          </span>
          {column.name}
          {column.mark ? <span className="visually-hidden">{column.mark === 'chosen' ? ' (chosen)' : ' (on the path)'}</span> : null}
          <Handle type="source" id={columnHandle('out', column.name)} position={Position.Right} isConnectable={false} />
        </li>
      ))}
    </ul>
  );
}
