// The Cost page's budgets: the list with this month's figures, and the writes the warehouse
// writers may make. A write refetches the list (the figures come from the server).
import { warehouseApi } from './warehouseApi';
import type { Budget, BudgetInput, BudgetsResponse } from '@common/warehouse/budgetsContract';

const budgetsApi = warehouseApi.enhanceEndpoints({ addTagTypes: ['WarehouseBudgets'] }).injectEndpoints({
  endpoints: (build) => ({
    getBudgets: build.query<BudgetsResponse, void>({
      query: () => 'api/warehouse/budgets',
      providesTags: ['WarehouseBudgets'],
    }),
    createBudget: build.mutation<Budget, BudgetInput>({
      query: (body) => ({ url: 'api/warehouse/budgets', method: 'POST', body }),
      transformResponse: (response: { budget: Budget }) => response.budget,
      invalidatesTags: (result) => (result ? ['WarehouseBudgets'] : []),
    }),
    updateBudget: build.mutation<Budget, BudgetInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `api/warehouse/budgets/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (response: { budget: Budget }) => response.budget,
      invalidatesTags: (result) => (result ? ['WarehouseBudgets'] : []),
    }),
    deleteBudget: build.mutation<void, string>({
      query: (id) => ({ url: `api/warehouse/budgets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['WarehouseBudgets']),
    }),
  }),
});

export const { useGetBudgetsQuery, useCreateBudgetMutation, useUpdateBudgetMutation, useDeleteBudgetMutation } = budgetsApi;
