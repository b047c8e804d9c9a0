import type { UserView } from '../../../api/warehouseTypes';
import { formatDateTime } from '../../../components/format';

/** What the account knows about a user. */
export function UserProfile({ user }: { user: UserView }) {
  const rows: [string, string][] = [
    ['Login name', user.loginName ?? '–'],
    ['Display name', user.displayName ?? '–'],
    ['E-mail', user.email ?? '–'],
    ['Type', user.type ?? 'Not set (a person)'],
    ['MFA', user.hasMfa === null ? 'Unknown' : user.hasMfa ? 'Yes' : 'No'],
    ['Created', formatDateTime(user.createdOn)],
    ['Last sign-in', user.lastSuccessLogin ? formatDateTime(user.lastSuccessLogin) : 'Never'],
    ['Comment', user.comment ?? '–'],
  ];
  return (
    <dl className="dw-profile">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
