// After any change to the organisation's dashboards the Viewer menu loads them again.
import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../app/store';
import { dashboardsApi } from '../api/dashboardsApi';
import { loadDashboards } from './loadDashboards';

const { createDashboard, updateDashboard, deleteDashboard, reorderDashboards } = dashboardsApi.endpoints;

export function listenForDashboardChanges(startListening: AppStartListening) {
  return startListening({
    matcher: isAnyOf(
      createDashboard.matchFulfilled,
      updateDashboard.matchFulfilled,
      deleteDashboard.matchFulfilled,
      reorderDashboards.matchFulfilled,
    ),
    effect: (_action, { dispatch }) => {
      void dispatch(loadDashboards({ force: true }));
    },
  });
}
