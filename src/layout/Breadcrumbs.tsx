import { Link, useLocation, useMatches } from 'react-router-dom';
import { appPaths } from '@common/paths';
import { menuTrail } from '../menu/filterMenu';
import type { MenuItem } from '../menu/menuTypes';

export function Breadcrumbs({ menu }: { menu: MenuItem | null }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const trail = menu ? menuTrail(menu, pathname) : null;
  const routeTitle = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  const crumbs = trail?.map((item) => item.title) ?? (routeTitle ? [routeTitle] : []);
  if (pathname === appPaths.home) return null;
  return (
    <nav aria-label="Breadcrumb" className="dw-breadcrumbs">
      <ol className="breadcrumb mb-3">
        <li className="breadcrumb-item">
          <Link to={appPaths.home}>Home</Link>
        </li>
        {crumbs.map((title, index) => (
          <li
            key={`${index}-${title}`}
            className={`breadcrumb-item${index === crumbs.length - 1 ? ' active' : ''}`}
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
          >
            {title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
