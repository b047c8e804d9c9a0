import { Link } from 'react-router-dom';
import type { NodeRef } from '@common/dbt/catalogContract';
import { nodePagePath } from './nodePagePath';

/** A short list of nodes, each linking to its page. */
export function NodeLinks({ nodes, empty }: { nodes: NodeRef[]; empty: string }) {
  if (nodes.length === 0) return <p className="small text-body-secondary">{empty}</p>;
  return (
    <ul className="list-unstyled small">
      {nodes.map((node) => (
        <li key={node.uniqueId}>
          <Link to={nodePagePath(node.uniqueId)}>{node.name}</Link>{' '}
          <span className="text-body-secondary">({node.resourceType.replace('_', ' ')})</span>
        </li>
      ))}
    </ul>
  );
}
