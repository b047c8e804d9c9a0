// /app/viewer/:dashboardName?dashboard_url=: one of the organisation's dashboards, embedded.
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BoxArrowUpRight } from 'react-bootstrap-icons';
import { appPaths } from '@common/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { useMenuDashboards } from '../../menu';
import { DashboardFrame } from './DashboardFrame';
import './viewer.css';
import { findConfiguredDashboard } from './dashboardEmbedding';

export default function ViewerPage() {
  const { dashboardName } = useParams();
  const [searchParams] = useSearchParams();
  const requestedUrl = searchParams.get('dashboard_url');
  const { status, dashboards, error, retry } = useMenuDashboards();

  if (status === 'loading') return <LoadingState label="Loading your organisation's dashboards…" />;

  if (status === 'failed') {
    return (
      <section aria-labelledby="viewer-title">
        <h1 id="viewer-title" className="h3 mb-3">
          {dashboardName ?? 'Viewer'}
        </h1>
        <ErrorAlert title="Your organisation's dashboards could not be loaded" message={error ?? 'Something went wrong.'} onRetry={retry} />
      </section>
    );
  }

  const dashboard = findConfiguredDashboard(dashboards, dashboardName, requestedUrl);
  if (!dashboard) {
    return (
      <section className="card dw-card" aria-labelledby="viewer-title">
        <div className="card-body">
          <h1 id="viewer-title" className="h4">
            This dashboard is not available
          </h1>
          <p className="text-body-secondary">
            {dashboards.length === 0
              ? 'Your organisation has no dashboards configured yet.'
              : `"${dashboardName ?? ''}" is not one of your organisation's dashboards, so it is not shown here. Pick one from the Viewer menu.`}
          </p>
          <Link to={appPaths.home} className="btn btn-outline-primary btn-sm">
            Back to Home
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="dw-viewer" aria-labelledby="viewer-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="viewer-title" className="h3 mb-0">
          {dashboard.name}
        </h1>
        <a href={dashboard.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline-secondary btn-sm">
          <BoxArrowUpRight aria-hidden /> Open in a new tab
        </a>
      </div>
      {/* A new dashboard gets a new frame (and a fresh loading state). */}
      <DashboardFrame key={dashboard.url} dashboard={dashboard} />
    </section>
  );
}
