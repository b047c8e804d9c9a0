// The filters the filter form has no field for — one query pattern, one dbt model — arrive from
// links (the Cost page's top movers). The page says which is applied and offers to drop it.
import { Link } from 'react-router-dom';
import type { QueryFilters } from '../../../api/optimizeApi';
import { MODEL_PARAM, PATTERN_PARAM, searchWith } from './queryFilters';

export function LinkedFilterNotice({ filters, params }: { filters: QueryFilters; params: URLSearchParams }) {
  const applied = [
    filters.parameterizedHash ? { param: PATTERN_PARAM, what: 'query pattern', value: filters.parameterizedHash } : null,
    filters.dbtModel ? { param: MODEL_PARAM, what: 'dbt model', value: filters.dbtModel } : null,
  ].filter((entry) => entry !== null);
  if (applied.length === 0) return null;
  return (
    <div className="alert alert-info py-2" aria-label="Linked filters">
      {applied.map((entry) => (
        <p key={entry.param} className="mb-0">
          Only the queries of the {entry.what} <code>{entry.value}</code>.{' '}
          <Link to={{ search: searchWith(params, entry.param, null) }}>Drop the {entry.what} filter</Link>
        </p>
      ))}
    </div>
  );
}
