// The account's role names as suggestions for a role field (a <datalist>): typing stays free,
// since a role may be granted after the field is set.
import { useListWarehouseRolesQuery } from '../../api/managementApi';

export const ROLE_SUGGESTIONS_ID = 'warehouse-role-suggestions';

export function RoleSuggestions() {
  const { data: roles } = useListWarehouseRolesQuery('');
  return (
    <datalist id={ROLE_SUGGESTIONS_ID}>
      {(roles ?? []).map((role) => (
        <option key={role.name} value={role.name} />
      ))}
    </datalist>
  );
}
