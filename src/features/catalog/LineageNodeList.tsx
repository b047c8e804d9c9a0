// The graph's nodes as a table: what a screen reader or a keyboard user reads instead of the
// drawing, with the same "show more" actions and a link to each node's page.
import { Link } from 'react-router-dom';
import type { LineageGraphModel } from '../../components/lineage/graphModel';
import { nodePagePath } from './nodePagePath';

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
      <div className="table-responsive">
        <table className="table table-sm align-middle mt-2">
          <caption className="visually-hidden">Nodes of the lineage graph</caption>
          <thead>
            <tr>
              <th scope="col">Node</th>
              <th scope="col">Type</th>
              <th scope="col">Steps from the focus</th>
              <th scope="col">More upstream</th>
              <th scope="col">More downstream</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => (
              <tr key={node.uniqueId}>
                <th scope="row">
                  <Link to={nodePagePath(node.uniqueId)}>{node.name}</Link>
                </th>
                <td>{node.resourceType.replace('_', ' ')}</td>
                <td>{node.depth === 0 ? 'focus' : node.depth < 0 ? `${-node.depth} upstream` : `${node.depth} downstream`}</td>
                <td>
                  {node.hiddenUpstream > 0 ? (
                    <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onExpand(node.uniqueId, 'upstream')}>
                      Show {node.hiddenUpstream}
                    </button>
                  ) : (
                    '–'
                  )}
                </td>
                <td>
                  {node.hiddenDownstream > 0 ? (
                    <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onExpand(node.uniqueId, 'downstream')}>
                      Show {node.hiddenDownstream}
                    </button>
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
