// /app/data-catalog/lineage: where data comes from and where it goes. The graph opens one step
// each way around the focused node (`?focus=`, else the first exposure or model) with counts of
// what lies beyond each node; expand a node to fetch more, change the depth, filter the resource
// types, and select a node to light up its path to the focus. "Show columns" (`?columns=1`) lists
// each node's columns and draws column edges; choosing a column lights up its path end to end.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { catalogResourceTypes, LINEAGE_DEPTH_MAX, type CatalogResourceType } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../../api/dbtApi';
// Ahead of the graph: the column list's table brings its styles before the graph's, the order the
// exposure page loads them in, so the chunk the two pages share has one CSS order.
import { ColumnLineageList } from './column-lineage/ColumnLineageList';
import { CheckField } from '../../components/CheckField';
import { DbtPage } from '../../components/DbtPage';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { LineageGraph } from '../../components/lineage/LineageGraph';
import { LoadingState } from '../../components/LoadingState';
import { ColumnViewStatus } from './column-lineage/ColumnViewStatus';
import { useColumnView } from './column-lineage/useColumnView';
import { FocusPicker } from './FocusPicker';
import { LineageNodeList } from './LineageNodeList';
import { nodePagePath } from './nodePagePath';
import { useLineageGraph } from './useLineageGraph';

// Macros have no edges in the graph (dbt's depends_on.nodes never names one).
const shownTypes: CatalogResourceType[] = catalogResourceTypes.filter((type) => type !== 'test' && type !== 'analysis' && type !== 'macro');
const depthChoices = Array.from({ length: LINEAGE_DEPTH_MAX }, (_, index) => index + 1);

function useDefaultFocus(skip: boolean): { focus: string | null; loading: boolean } {
  // An exposure is the most telling start (everything it reads); else any model.
  const { currentData: exposures, isFetching: a } = useSearchCatalogQuery('kind=exposure&limit=1', { skip });
  const { currentData: models, isFetching: b } = useSearchCatalogQuery('kind=model&limit=1', { skip });
  return { focus: exposures?.hits[0]?.uniqueId ?? models?.hits[0]?.uniqueId ?? null, loading: a || b };
}

function Graph({ focus, picker }: { focus: string; picker: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const upstream = Math.min(LINEAGE_DEPTH_MAX, Math.max(0, Number(params.get('upstream') ?? 1) || 0));
  const downstream = Math.min(LINEAGE_DEPTH_MAX, Math.max(0, Number(params.get('downstream') ?? 1) || 0));
  // The chosen types as one string, so the request changes only when the choice does.
  const typesKey = params
    .getAll('types')
    .filter((type) => (shownTypes as string[]).includes(type))
    .join(',');
  const types = useMemo(() => (typesKey ? (typesKey.split(',') as CatalogResourceType[]) : undefined), [typesKey]);
  const request = useMemo(() => ({ focus, upstream, downstream, types }), [focus, upstream, downstream, types]);
  const { model, truncated, loading, error, expandError, refetch, expand } = useLineageGraph(request);
  const [selected, setSelected] = useState<string | null>(null);
  const showColumns = params.get('columns') === '1';
  const columnView = useColumnView(model, showColumns);
  const open = useCallback((uniqueId: string) => navigate(nodePagePath(uniqueId)), [navigate]);

  const set = (key: string, values: string[]) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(key);
      for (const value of values) next.append(key, value);
      return next;
    });
  const toggleType = (type: CatalogResourceType) => {
    const current = types ?? shownTypes;
    set('types', current.includes(type) ? current.filter((t) => t !== type) : [...current, type]);
  };

  if (error) return <ErrorAlert title="The lineage could not be loaded" message={error} onRetry={refetch} />;
  if (loading || !model) return <LoadingState label="Loading the lineage…" />;
  const focusNode = model.nodes.get(focus);
  const selectedNode = selected ? model.nodes.get(selected) : undefined;

  const shownChoice = types ?? shownTypes;
  return (
    <div className="dw-lineage-page">
      {/* One line of controls, so the graph below can take the rest of the window. */}
      <div className="dw-lineage-toolbar" role="toolbar" aria-label="Lineage controls">
        {picker}
        <FormField
          label="Upstream"
          control="select"
          small
          className=""
          value={String(upstream)}
          onValue={(value) => set('upstream', [value])}
        >
          <option value="0">0</option>
          {depthChoices.map((depth) => (
            <option key={depth}>{depth}</option>
          ))}
        </FormField>
        <FormField
          label="Downstream"
          control="select"
          small
          className=""
          value={String(downstream)}
          onValue={(value) => set('downstream', [value])}
        >
          <option value="0">0</option>
          {depthChoices.map((depth) => (
            <option key={depth}>{depth}</option>
          ))}
        </FormField>
        <details className="dw-lineage-types">
          <summary className="btn btn-outline-secondary btn-sm">{`Types: ${shownChoice.length} of ${shownTypes.length}`}</summary>
          <fieldset className="dw-lineage-types-list card card-body">
            <legend className="form-label small mb-1">Resource types</legend>
            {shownTypes.map((type) => (
              <CheckField
                key={type}
                id={`lineage-type-${type}`}
                label={type.replace('_', ' ')}
                checked={shownChoice.includes(type)}
                className="mb-0"
                labelClassName="small"
                onChecked={() => toggleType(type)}
              />
            ))}
          </fieldset>
        </details>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-pressed={showColumns}
          onClick={() => set('columns', showColumns ? [] : ['1'])}
        >
          Show columns
        </button>
      </div>
      <p className="small text-body-secondary mb-2" aria-live="polite">
        {model.nodes.size} nodes around <strong>{focusNode?.name ?? focus}</strong>.{' '}
        {truncated ? 'Only the nearest nodes each way are shown; expand a node to see more. ' : ''}
        Select a node (click, or Space when focused) to highlight its path; Enter or a double click opens it.
      </p>
      {expandError ? <div className="alert alert-warning py-2">{expandError}</div> : null}
      {showColumns ? <ColumnViewStatus model={model} view={columnView} /> : null}
      <LineageGraph
        model={model}
        selected={selected}
        onSelect={setSelected}
        onExpand={expand}
        onOpen={open}
        label={`Lineage of ${focusNode?.name ?? focus}`}
        columns={columnView.overlay}
      />
      {selectedNode ? (
        <p className="mt-2 mb-0" aria-live="polite">
          Selected: <strong>{selectedNode.name}</strong> ({selectedNode.resourceType}).{' '}
          <Link to={nodePagePath(selectedNode.uniqueId)}>Open its page</Link> ·{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => set('focus', [selectedNode.uniqueId])}>
            Centre the graph on it
          </button>
        </p>
      ) : null}
      {columnView.overlay ? <ColumnLineageList model={model} overlay={columnView.overlay} /> : null}
      <LineageNodeList model={model} onExpand={expand} />
    </div>
  );
}

function LineageContent() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('focus');
  const fallback = useDefaultFocus(Boolean(requested));
  const focus = requested ?? fallback.focus;
  const pick = (uniqueId: string) => setParams({ focus: uniqueId });

  const picker = <FocusPicker onPick={pick} />;
  return (
    <>
      {focus ? (
        <Graph key={focus} focus={focus} picker={picker} />
      ) : fallback.loading ? (
        <LoadingState label="Finding a place to start…" />
      ) : (
        <EmptyState title="Nothing to draw yet">
          <p className="text-body-secondary mb-0">The dbt project has no models or exposures.</p>
        </EmptyState>
      )}
    </>
  );
}

export default function LineagePage() {
  return (
    <DbtPage id="lineage-title" title="Lineage" intro="Where each model's data comes from and what depends on it.">
      {() => <LineageContent />}
    </DbtPage>
  );
}
