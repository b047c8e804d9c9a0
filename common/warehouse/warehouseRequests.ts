// Request schemas of the warehouse API (Optimize and user management). They check the shape;
// the warehouse layer's parsers then check each value (dates, names, tags) and name the field.
import { z } from 'zod';

const text = z.string().max(300, 'is too long');
const rangeQuery = { from: text.optional(), to: text.optional() };
const filterQuery = {
  ...rangeQuery,
  warehouseName: text.optional(),
  userName: text.optional(),
  roleName: text.optional(),
  queryTag: text.optional(),
  parameterizedHash: text.optional(),
  dbtModel: text.optional(),
};
const limit = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').optional();

/** An empty filter (`?userName=`) means no filter, as forms send it. */
function withoutEmpty(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

const query = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess(withoutEmpty, z.strictObject(shape));

export const noQuery = query({});
export const rangeQuerystring = query(rangeQuery);
const offset = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').optional();
export const topQueriesQuerystring = query({ ...filterQuery, orderBy: z.enum(['cost', 'duration']).optional(), limit, offset });
export const topQueriesCsvQuerystring = query({ ...filterQuery, orderBy: z.enum(['cost', 'duration']).optional() });
export const queryPatternsQuerystring = query({ ...filterQuery, orderBy: z.enum(['cost', 'count', 'duration']).optional(), limit });
export const spillingQuerystring = query({ ...filterQuery, limit });
export const patternTrendsQuerystring = query({ ...filterQuery, limit });
export const costMoversQuerystring = query({ ...rangeQuery, limit });
export const warehouseNameParams = z.object({ name: z.string() });
export const usersOverviewQuerystring = query({ ...rangeQuery, dormantDays: limit });
export const queryIdParams = z.object({ queryId: z.string() });
export const applyRecommendationBody = z.strictObject(
  { from: z.string(), to: z.string(), id: z.string().min(1).max(200) },
  { error: 'must be a JSON object' },
);

export const managementSearchQuerystring = z.strictObject({ search: z.string().max(255, 'is too long').optional() });
export const objectNameParams = z.object({ name: z.string() });

// The queries as the server reads them, for the endpoints' descriptions (warehouseEndpoints.ts).
export type NoQuery = z.output<typeof noQuery>;
export type RangeQuery = z.output<typeof rangeQuerystring>;
export type TopQueriesQuery = z.output<typeof topQueriesQuerystring>;
export type TopQueriesCsvQuery = z.output<typeof topQueriesCsvQuerystring>;
export type QueryPatternsQuery = z.output<typeof queryPatternsQuerystring>;
export type SpillingQuery = z.output<typeof spillingQuerystring>;
export type PatternTrendsQuery = z.output<typeof patternTrendsQuerystring>;
export type CostMoversQuery = z.output<typeof costMoversQuerystring>;
export type UsersOverviewQuery = z.output<typeof usersOverviewQuerystring>;
export type ApplyRecommendationBody = z.output<typeof applyRecommendationBody>;
export type ManagementSearchQuery = z.output<typeof managementSearchQuerystring>;
