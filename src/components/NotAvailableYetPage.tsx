import { Link, useMatches } from 'react-router-dom';
import { appPaths } from '@common/paths';

/**
 * The one page every area that is not built yet shares: it says so plainly instead of
 * showing invented content.
 */
export default function NotAvailableYetPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  const title = handle?.title ?? 'This page';
  return (
    <section className="card dw-card" aria-labelledby="not-available-title">
      <div className="card-body">
        <h1 id="not-available-title" className="h4">
          {title}
        </h1>
        <p className="text-body-secondary mb-3">
          {title} is not available yet in this Dataworks installation. It will appear here once it is enabled for your organisation.
        </p>
        <Link to={appPaths.home} className="btn btn-outline-primary btn-sm">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
