// The Cost page's budgets: the list with this month's figures, and the writes the warehouse
// writers may make. A write refetches the list (the figures come from the server). Requests are
// built from the endpoints' descriptions (common/warehouse/warehouseEndpoints.ts).
import { warehouseEndpoints as endpoints } from '@common/warehouse/warehouseEndpoints';
import { endpointRequest } from './endpointRequest';
import { warehouseApi } from './warehouseApi';
import type { Budget, BudgetInput, BudgetsResponse } from '@common/warehouse/budgetsContract';

const budgetsApi = warehouseApi.enhanceEndpoints({ addTagTypes: ['WarehouseBudgets'] }).injectEndpoints({
  endpoints: (build) => ({
    getBudgets: build.query<BudgetsResponse, void>({
      query: () => endpointRequest(endpoints.budgets, {}),
      providesTags: ['WarehouseBudgets'],
    }),
    createBudget: build.mutation<Budget, BudgetInput>({
      query: (body) => endpointRequest(endpoints.createBudget, { body }),
      transformResponse: (response: { budget: Budget }) => response.budget,
      invalidatesTags: (result) => (result ? ['WarehouseBudgets'] : []),
    }),
    updateBudget: build.mutation<Budget, BudgetInput & { id: string }>({
      query: ({ id, ...body }) => endpointRequest(endpoints.updateBudget, { params: { id }, body }),
      transformResponse: (response: { budget: Budget }) => response.budget,
      invalidatesTags: (result) => (result ? ['WarehouseBudgets'] : []),
    }),
    deleteBudget: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.deleteBudget, { params: { id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['WarehouseBudgets']),
    }),
  }),
});

export const { useGetBudgetsQuery, useCreateBudgetMutation, useUpdateBudgetMutation, useDeleteBudgetMutation } = budgetsApi;
