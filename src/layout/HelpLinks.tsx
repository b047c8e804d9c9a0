// The places to find help, for every spot where people look for it (Support, the knowledge base,
// the help assistant): the knowledge base, the FAQ, Hive (questions answered by colleagues),
// feature requests and support, each only for those who may open it. The side menu does not list
// the FAQ, Hive or feature requests, so these links are how people find them.
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths, type AppRouteId } from '@common/paths';
import { selectRealmRoles } from '../auth';
import { useAppSelector } from '../state/hooks';

const places: { route: AppRouteId; label: string }[] = [
  { route: 'knowledgebase', label: 'Knowledge base' },
  { route: 'faq', label: 'Frequently asked questions' },
  { route: 'hive', label: 'Ask your colleagues in Hive' },
  { route: 'features', label: 'Feature requests' },
  { route: 'support', label: 'Contact support' },
];

interface HelpLinksProps {
  /** The page the links sit on, left out of them. */
  here?: AppRouteId;
  /** Called as a link is followed (the assistant closes its dialog). */
  onFollow?: () => void;
  className?: string;
}

export function HelpLinks({ here, onFollow, className = 'mb-3 small' }: HelpLinksProps) {
  const roles = useAppSelector(selectRealmRoles);
  const open = places.filter((place) => place.route !== here && canOpen(roles, place.route));
  if (open.length === 0) return null;
  return (
    <nav aria-label="Other ways to get help" className={className}>
      <span className="text-body-secondary">Other ways to get help: </span>
      {open.map((place, index) => (
        <span key={place.route}>
          {index > 0 ? ' · ' : null}
          <Link to={appPaths[place.route]} onClick={onFollow}>
            {place.label}
          </Link>
        </span>
      ))}
    </nav>
  );
}
