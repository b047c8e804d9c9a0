// The Queries page's filters as they sit in the address (`?warehouse=&user=&role=&tag=&pattern=&model=`)
// and as the API takes them. Pattern and model have no field of their own: the Cost page's top
// movers link to them, and the page says which one is applied (QueriesPage).
import { canonicalName, existingNameError, queryTagError } from '../../../api/warehouseInput';
import type { DateRange } from '../../../api/warehouseTypes';
import type { FilterField } from '../FilterForm';
import type { QueryFilters } from '../../../api/optimizeApi';

export const QUERY_PARAM = 'query';
export const PATTERN_PARAM = 'pattern';
export const MODEL_PARAM = 'model';

export const queryFilterFields: readonly FilterField[] = [
  {
    param: 'warehouse',
    label: 'Warehouse',
    validate: existingNameError,
    normalize: canonicalName,
    placeholder: 'Any',
    options: 'warehouses',
  },
  { param: 'user', label: 'User', validate: existingNameError, normalize: canonicalName, placeholder: 'Any', options: 'users' },
  { param: 'role', label: 'Role', validate: existingNameError, normalize: canonicalName, placeholder: 'Any', options: 'roles' },
  { param: 'tag', label: 'Query tag', validate: queryTagError, placeholder: 'Any', options: 'queryTags' },
];

export function queryFiltersOf(range: DateRange, params: URLSearchParams): QueryFilters {
  const filters: QueryFilters = { ...range };
  const warehouseName = params.get('warehouse');
  const userName = params.get('user');
  const roleName = params.get('role');
  const queryTag = params.get('tag');
  if (warehouseName) filters.warehouseName = warehouseName;
  if (userName) filters.userName = userName;
  if (roleName) filters.roleName = roleName;
  if (queryTag) filters.queryTag = queryTag;
  const parameterizedHash = params.get(PATTERN_PARAM);
  const dbtModel = params.get(MODEL_PARAM);
  if (parameterizedHash) filters.parameterizedHash = parameterizedHash;
  if (dbtModel) filters.dbtModel = dbtModel;
  return filters;
}

/** The current address with one parameter set (or removed when null). */
export function searchWith(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const text = next.toString();
  return text ? `?${text}` : '';
}
