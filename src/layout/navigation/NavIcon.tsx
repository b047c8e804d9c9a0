import type { MenuItem } from '../../menu/menuTypes';

/** The icon in front of a menu entry, when it has one. */
export function NavIcon({ icon: Icon }: { icon: MenuItem['icon'] }) {
  if (!Icon) return null;
  return (
    <span className="dw-nav-icon">
      <Icon size={16} aria-hidden />
    </span>
  );
}
