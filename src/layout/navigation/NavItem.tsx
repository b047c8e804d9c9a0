import { NavLink } from 'react-router-dom';
import type { MenuItem } from '../../menu/menuTypes';

interface NavItemProps {
  item: MenuItem;
  onNavigate: (item: MenuItem) => void;
}

export function NavItem({ item, onNavigate }: NavItemProps) {
  const Icon = item.icon;
  return (
    <li className="dw-nav-item">
      <NavLink to={item.url ?? '#'} className="dw-nav-link" onClick={() => onNavigate(item)} end>
        {Icon ? (
          <span className="dw-nav-icon">
            <Icon size={16} aria-hidden />
          </span>
        ) : null}
        <span className="dw-nav-text">{item.title}</span>
      </NavLink>
    </li>
  );
}
