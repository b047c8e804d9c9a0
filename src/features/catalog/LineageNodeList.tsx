// The graph's nodes as a table: what a screen reader or a keyboard user reads instead of the
// drawing, with the same "show more" actions and a link to each node's page.
import { Link } from 'react-router-dom';
import type { LineageGraphModel } from '../../components/lineage/graphModel';
import { SimpleTable } from '../../components/SimpleTable';
import { nodePagePath } from './nodePagePath';

/** A count of nodes left out in one direction, as a button that shows them; a dash when none. */
function ShowMore({ hidden, onShow }: { hidden: number; onShow: () => void }) {
  return hidden > 0 ? (
    <button type="button" className="btn btn-link btn-sm p-0" onClick={onShow}>
      Show {hidden}
    </button>
  ) : (
    <>–</>
  );
}
export function LineageNodeList({
  model,
  onExpand,
}: {
  model: LineageGraphModel;
  onExpand: (uniqueId: string, direction: 'upstream' | 'downstream') => void;
}) {
  const nodes = [...model.nodes.values()].sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
  return (
    <details className="mt-3">
      <summary>The graph as a table ({nodes.length} nodes)</summary>
      <SimpleTable
        caption="Nodes of the lineage graph"
        className="table table-sm align-middle mt-2"
        rows={nodes}
        rowKey={(node) => node.uniqueId}
        columns={[
          { header: 'Node', rowHeader: true, cell: (node) => <Link to={nodePagePath(node.uniqueId)}>{node.name}</Link> },
          { header: 'Type', cell: (node) => node.resourceType.replace('_', ' ') },
          {
            header: 'Steps from the focus',
            cell: (node) => (node.depth === 0 ? 'focus' : node.depth < 0 ? `${-node.depth} upstream` : `${node.depth} downstream`),
          },
          {
            header: 'More upstream',
            cell: (node) => <ShowMore hidden={node.hiddenUpstream} onShow={() => onExpand(node.uniqueId, 'upstream')} />,
          },
          {
            header: 'More downstream',
            cell: (node) => <ShowMore hidden={node.hiddenDownstream} onShow={() => onExpand(node.uniqueId, 'downstream')} />,
          },
        ]}
      />
    </details>
  );
}
