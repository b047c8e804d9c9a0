import type { Icon } from 'react-bootstrap-icons';
import type { AppRouteId } from '@common/paths';

export type MenuItemType = 'item' | 'collapse' | 'group';

export interface MenuItem {
  id: string;
  title: string;
  type: MenuItemType;
  /** Where the item leads; items reach a route of the access table through `routeId`. */
  url?: string;
  routeId?: AppRouteId;
  icon?: Icon;
  children?: MenuItem[];
  /** Extra roles the menu asks for on top of the route's own rule (docs/shell-rules.md, "Roles, editions and the access table"). */
  roles?: readonly string[];
  /** Hidden without being removed (e.g. the Viewer while no dashboard is configured). */
  visible?: boolean;
}
