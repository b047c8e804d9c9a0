// The other places to find help, for the pages where people look for it (Support): the FAQ, Hive
// (questions answered by colleagues) and feature requests, each only for those who may open it.
// Nothing else in the menu links to them.
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths, type AppRouteId } from '@common/paths';
import { selectRealmRoles } from '../../auth';
import { useAppSelector } from '../../state/hooks';

const places: { route: AppRouteId; label: string }[] = [
  { route: 'faq', label: 'Frequently asked questions' },
  { route: 'hive', label: 'Ask your colleagues in Hive' },
  { route: 'features', label: 'Feature requests' },
];

export function HelpLinks() {
  const roles = useAppSelector(selectRealmRoles);
  const open = places.filter((place) => canOpen(roles, place.route));
  if (open.length === 0) return null;
  return (
    <nav aria-label="Other ways to get help" className="mb-3 small">
      <span className="text-body-secondary">Other ways to get help: </span>
      {open.map((place, index) => (
        <span key={place.route}>
          {index > 0 ? ' · ' : null}
          <Link to={appPaths[place.route]}>{place.label}</Link>
        </span>
      ))}
    </nav>
  );
}
