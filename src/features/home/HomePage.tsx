import { Link } from 'react-router-dom';
import { displayName, selectSession } from '../../auth/authSlice';
import { useAppSelector } from '../../app/hooks';
import { firstUrl, useMenu } from '../../menu/useMenu';

export default function HomePage() {
  const session = useAppSelector(selectSession);
  const menu = useMenu();
  const areas = (menu?.children ?? []).filter((item) => item.id !== 'home');

  return (
    <>
      <h1 className="h3 mb-1">Hello, {displayName(session)}</h1>
      <p className="text-body-secondary mb-4">Here is what you can open in Dataworks.</p>
      <ul className="dw-area-grid list-unstyled" aria-label="Your areas">
        {areas.map((area) => {
          const url = firstUrl(area);
          const Icon = area.icon;
          return url ? (
            <li key={area.id}>
              <Link to={url} className="card dw-card dw-area-card text-decoration-none">
                <span className="card-body d-flex align-items-center gap-3">
                  {Icon ? <Icon size={22} aria-hidden /> : null}
                  <span className="fw-semibold">{area.title}</span>
                </span>
              </Link>
            </li>
          ) : null;
        })}
      </ul>
    </>
  );
}
