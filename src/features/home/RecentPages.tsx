import { Link } from 'react-router-dom';
import type { RecentPage } from '../../layout';

/** Shortcuts to the pages last visited, most recent first. */
export function RecentPages({ pages }: { pages: readonly RecentPage[] }) {
  return (
    <section aria-labelledby="recent-pages-title" className="mt-4">
      <h2 id="recent-pages-title" className="h5">
        Recently visited
      </h2>
      {pages.length === 0 ? (
        <p className="text-body-secondary">The pages you open will appear here.</p>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-2">
          {pages.map((page) => (
            <li key={page.path}>
              <Link to={page.path} className="btn btn-outline-secondary btn-sm">
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
