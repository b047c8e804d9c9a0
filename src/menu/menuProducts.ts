// The Data Catalog group lists the organisation's data products (docs/shell-rules.md, "Routes and menu": "Explore,
// {product}, Lineage, …"): one entry per product right after Explore, read from the API cache
// that owns the list, so creating, renaming or deleting a product shows at once.
import { useMemo } from 'react';
import { canOpen } from '@common/access/access';
import { catalogProductPath } from '@common/paths';
import { useGetProductMenuQuery } from '../api/catalogDomainsApi';
import { selectRealmRoles } from '../auth/authSlice';
import { useAppSelector } from '../state/hooks';
import type { MenuItem } from './menuTypes';

const DATA_CATALOG_MENU_ID = 'data-catalog';
const AFTER_ID = 'catalog-explore';

export interface MenuProduct {
  id: string;
  name: string;
}

const none: MenuProduct[] = [];

/** Whether the menu asks for the products: only for users who can open Data Products. */
export const asksForProducts = (roles: readonly string[]) => canOpen(roles, 'catalogProducts');

/** The products for the menu; none for users who cannot open Data Products (they never ask) or while loading. */
export function useMenuProducts(): MenuProduct[] {
  const mayView = asksForProducts(useAppSelector(selectRealmRoles));
  const { data } = useGetProductMenuQuery(undefined, { skip: !mayView });
  // An answer without a list (a proxy's page, an older server) leaves the menu as it is.
  return useMemo(() => (mayView && Array.isArray(data?.products) ? data.products : none), [mayView, data]);
}

export function withProductItems(menu: MenuItem, products: readonly MenuProduct[]): MenuItem {
  if (products.length === 0) return menu;
  const items: MenuItem[] = products.map((product) => ({
    id: `catalog-product-${product.id}`,
    title: product.name,
    type: 'item',
    routeId: 'catalogProduct',
    url: catalogProductPath(product.id),
  }));
  return {
    ...menu,
    children: (menu.children ?? []).map((item) => {
      if (item.id !== DATA_CATALOG_MENU_ID) return item;
      const children = item.children ?? [];
      const at = children.findIndex((child) => child.id === AFTER_ID) + 1;
      return { ...item, children: [...children.slice(0, at), ...items, ...children.slice(at)] };
    }),
  };
}
