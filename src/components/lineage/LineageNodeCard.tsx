// One node of the lineage graph: its name and type, its health (else its last test status), and buttons that
// fetch what lies beyond it (parents on the left, children on the right). In the column view it
// also lists its columns, each with a handle either side for the column edges.
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { TestStatus } from '@common/dbt/catalogContract';
import { healthVariant } from '../healthVariant';
import { NodeColumns, type NodeColumn } from './NodeColumns';
import type { GraphNode } from './graphModel';

export interface LineageNodeData extends Record<string, unknown> {
  node: GraphNode;
  focus: boolean;
  highlighted: boolean;
  dimmed: boolean;
  onExpand: (uniqueId: string, direction: 'upstream' | 'downstream') => void;
  /** The column view: the node's columns, and what choosing one does. */
  columns?: NodeColumn[];
  onChooseColumn?: (node: string, column: string) => void;
}

export type LineageFlowNode = Node<LineageNodeData, 'lineage'>;

const statusClass: Partial<Record<TestStatus, string>> = {
  fail: 'text-bg-danger',
  error: 'text-bg-danger',
  warn: 'text-bg-warning',
  pass: 'text-bg-success',
};

function LineageNodeCardView({ data }: NodeProps<LineageFlowNode>) {
  const { node, focus, highlighted, dimmed, onExpand, columns, onChooseColumn } = data;
  const classes = [
    'dw-lineage-node',
    `dw-lineage-${node.resourceType}`,
    focus ? 'is-focus' : '',
    highlighted ? 'is-highlighted' : '',
    dimmed ? 'is-dimmed' : '',
    columns ? 'has-columns' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {node.hiddenUpstream > 0 ? (
        <button
          type="button"
          className="dw-lineage-expand is-upstream nodrag"
          onClick={(event) => {
            event.stopPropagation();
            onExpand(node.uniqueId, 'upstream');
          }}
          aria-label={`Show ${node.hiddenUpstream} more upstream of ${node.name}`}
        >
          +{node.hiddenUpstream}
        </button>
      ) : null}
      <div className="dw-lineage-type">{node.resourceType.replace('_', ' ')}</div>
      <div className="dw-lineage-name" title={node.uniqueId}>
        {node.name}
      </div>
      {node.health ? (
        // A model's or source's own health (a stale source is not drawn as if all were well); its tests' status is part of it.
        <span className={`badge ${healthVariant[node.health]} dw-lineage-status`}>{node.health}</span>
      ) : node.testStatus && node.testStatus !== 'unknown' ? (
        <span className={`badge ${statusClass[node.testStatus] ?? 'text-bg-secondary'} dw-lineage-status`}>tests {node.testStatus}</span>
      ) : null}
      {node.hiddenDownstream > 0 ? (
        <button
          type="button"
          className="dw-lineage-expand is-downstream nodrag"
          onClick={(event) => {
            event.stopPropagation();
            onExpand(node.uniqueId, 'downstream');
          }}
          aria-label={`Show ${node.hiddenDownstream} more downstream of ${node.name}`}
        >
          +{node.hiddenDownstream}
        </button>
      ) : null}
      <Handle type="source" position={Position.Right} isConnectable={false} />
      {columns && onChooseColumn ? <NodeColumns node={node.uniqueId} columns={columns} onChoose={onChooseColumn} /> : null}
    </div>
  );
}

export const LineageNodeCard = memo(LineageNodeCardView);
