// The values catalog forms offer as pick-lists instead of free text: the owners, tags and
// domains the organisation's dbt project uses (the facets of one catalog search over
// everything), and the portal's roles with the words people know them by.
import { portalRoles, type PortalRole } from '@common/access/roleGrants';
import type { FacetCount } from '@common/dbt/catalogContract';
import { useSearchCatalogQuery } from '../../api/dbtApi';
import type { PickerOption } from '../../components/AssetPicker';

const countedOptions = (facets: readonly FacetCount[] | undefined): PickerOption[] =>
  (facets ?? [])
    .map((facet) => ({
      value: facet.value,
      label: facet.value,
      detail: facet.count === 1 ? 'on 1 asset or column' : `on ${facet.count} assets or columns`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));

/** Owners, tags and domains of the current project, each with how many assets and columns carry it. */
export function useCatalogChoices(): { owners: PickerOption[]; tags: PickerOption[]; domains: PickerOption[] } {
  // No query: the facets count the whole project; one hit is the least the search sends.
  const { currentData } = useSearchCatalogQuery('limit=1');
  return {
    owners: countedOptions(currentData?.facets.owner),
    tags: countedOptions(currentData?.facets.tag),
    domains: countedOptions(currentData?.facets.domain),
  };
}

/** Who holds each portal role, in words; the role's own name follows, as the identity service shows it. */
const roleWords: Record<PortalRole, string> = {
  admin: 'Platform administrators',
  product: 'Product staff',
  assured: 'Support staff',
  'Client-Admin': 'Organisation administrators',
  'Client-Admin-Lite': 'Organisation administrators (Lite)',
  Integration_Engineer: 'Integration engineers',
  'Client-Dataworks-docs': 'Data team',
  'Client-dataworks-business-users': 'Business users',
  'Client-Lite': 'Lite users',
  user: 'Portal users',
};

export const roleChoices: readonly PickerOption[] = portalRoles.map((role) => ({ value: role, label: roleWords[role], detail: role }));

/** A saved value as an option: the known one when the list has it, else the value itself. */
export function choiceOf(options: readonly PickerOption[], value: string): PickerOption {
  return options.find((option) => option.value === value) ?? { value, label: value };
}
