// One line above the graph in the column view: loading, a failure with Retry, how much is shown,
// and the chosen column with its path's size and a way to clear it (said in words, not colour).
import { COLUMN_GRAPH_NODES_MAX } from '@common/column-lineage/columnLineageContract';
import type { LineageGraphModel } from '../../../components/lineage/graphModel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import type { ColumnView } from './useColumnView';

const columns = (count: number) => `${count} ${count === 1 ? 'column' : 'columns'}`;

export function ColumnViewStatus({ model, view }: { model: LineageGraphModel; view: ColumnView }) {
  if (view.error) return <ErrorAlert title="The columns could not be loaded" message={view.error} onRetry={view.refetch} />;
  if (!view.overlay) return view.loading ? <LoadingState label="Loading the columns…" /> : null;
  const { chosen, path, edges } = view.overlay;
  const name = (id: string) => model.nodes.get(id)?.name ?? id;
  return (
    <div className="small mb-2" aria-live="polite">
      {view.leftOut > 0 ? (
        <p className="mb-1">{`Columns are shown for the ${COLUMN_GRAPH_NODES_MAX} nodes nearest the focus; ${view.leftOut} further nodes show none.`}</p>
      ) : null}
      {chosen ? (
        <p className="mb-0">
          Chosen column: <strong>{`${name(chosen.node)}.${chosen.column}`}</strong> ◆ — {columns(path.upstream)} upstream and{' '}
          {columns(path.downstream)} downstream on its path (●).{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={view.clear}>
            Clear the column
          </button>
        </p>
      ) : (
        <p className="mb-0">
          {edges.length === 1 ? '1 column edge' : `${edges.length} column edges`}. Choose a column (click it in the graph, or from the list
          below the graph) to highlight its path.
        </p>
      )}
    </div>
  );
}
