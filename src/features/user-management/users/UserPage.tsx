// /app/management/users/:username: one warehouse user. Disable or enable them, set their
// defaults, grant and revoke roles, or drop them after typing their name.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { UserDetail } from '../../../api/warehouseTypes';
import { Panel } from '../../../components/Panel';
import { appPaths } from '@common/paths';
import { ConfirmChangeDialog } from '../ConfirmChangeDialog';
import { DropDialog } from '../DropDialog';
import { DetailPage } from '../DetailPage';
import { useGetWarehouseUserQuery } from '../../../api/managementApi';
import { RoleSuggestions } from '../RoleSuggestions';
import { UserDefaultsForm } from './UserDefaultsForm';
import { UserProfile } from './UserProfile';
import { UserRolesPanel } from './UserRolesPanel';

type Dialog = 'status' | 'drop' | null;

function UserSections({ detail, onNotice }: { detail: UserDetail; onNotice: (message: string) => void }) {
  const { user } = detail;
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const disabling = !user.disabled;

  return (
    <>
      <Panel
        title="Profile"
        actions={
          <button
            type="button"
            className={`btn btn-sm ${disabling ? 'btn-outline-warning' : 'btn-outline-success'}`}
            onClick={() => setDialog('status')}
          >
            {disabling ? 'Disable user' : 'Enable user'}
          </button>
        }
      >
        <UserProfile user={user} />
      </Panel>
      <Panel title="Defaults" description="What a new session of this user starts with.">
        {/* Keyed on the saved values: after a save (or someone else's), the form shows them. */}
        <UserDefaultsForm key={`${user.defaultRole ?? ''}/${user.defaultWarehouse ?? ''}`} user={user} onSaved={onNotice} />
        <RoleSuggestions />
      </Panel>
      <UserRolesPanel detail={detail} onChanged={onNotice} />
      <Panel title="Drop user" description="Deletes the user from the account. Disabling keeps the user and can be undone.">
        <button type="button" className="btn btn-outline-danger" onClick={() => setDialog('drop')}>
          Drop user…
        </button>
      </Panel>
      {dialog === 'status' ? (
        <ConfirmChangeDialog
          title={disabling ? `Disable ${user.name}?` : `Enable ${user.name}?`}
          change={{ kind: 'setUserDisabled', userName: user.name, disabled: disabling }}
          confirmLabel={disabling ? 'Disable user' : 'Enable user'}
          pendingLabel={disabling ? 'Disabling…' : 'Enabling…'}
          variant={disabling ? 'danger' : 'primary'}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onNotice(disabling ? `${user.name} is disabled.` : `${user.name} is enabled.`);
          }}
        >
          <p className="mb-0">
            {disabling
              ? `${user.name} can no longer sign in, and their running queries are stopped. Their roles and settings are kept.`
              : `${user.name} can sign in again with their roles and settings.`}
          </p>
        </ConfirmChangeDialog>
      ) : null}
      {dialog === 'drop' ? (
        <DropDialog
          noun="user"
          name={user.name}
          change={{ kind: 'dropUser', userName: user.name }}
          onClose={() => setDialog(null)}
          onDropped={() => navigate(appPaths.managementUsers, { state: { notice: `User ${user.name} dropped.` } })}
        >
          <p>
            The user is deleted from the Snowflake account with all their role grants. This cannot be undone; disabling the user is the
            reversible alternative.
          </p>
        </DropDialog>
      ) : null}
    </>
  );
}

export default function UserPage() {
  const { username = '' } = useParams();
  const query = useGetWarehouseUserQuery(username);
  const user = query.currentData?.user;

  return (
    <DetailPage
      headingId="warehouse-user-title"
      listPath={appPaths.managementUsers}
      backLabel="All warehouse users"
      title={
        <>
          {user?.name ?? username}
          {user?.disabled ? <span className="badge text-bg-secondary ms-2 fs-6 align-middle">Disabled</span> : null}
        </>
      }
      intro="A user of your Snowflake account."
      query={query}
      noun="the user"
      missing={`user named ${username}`}
      missingHint="It may have been dropped or renamed."
      missingBackLabel="Back to the warehouse users"
    >
      {(detail, onNotice) => <UserSections detail={detail} onNotice={onNotice} />}
    </DetailPage>
  );
}
