import { NavLink } from 'react-router-dom';
import type { MenuItem } from '../../menu/menuTypes';
import { NavIcon } from './NavIcon';

interface NavItemProps {
  item: MenuItem;
  onNavigate: (item: MenuItem) => void;
}

export function NavItem({ item, onNavigate }: NavItemProps) {
  return (
    <li className="dw-nav-item">
      <NavLink to={item.url ?? '#'} className="dw-nav-link" onClick={() => onNavigate(item)} end>
        <NavIcon icon={item.icon} />
        <span className="dw-nav-text">{item.title}</span>
      </NavLink>
    </li>
  );
}
