// /app/management/users: the warehouse account's users, searchable, and a way to add one.
import { useState } from 'react';
import { PlusLg } from 'react-bootstrap-icons';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ManagementHeading } from '../ManagementHeading';
import { useListWarehouseUsersQuery } from '../../../api/managementApi';
import { SearchedList } from '../SearchedList';
import { CreateUserDialog } from './CreateUserDialog';
import { userColumns } from './userColumns';

export default function UsersPage() {
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const warehouseUsers = useListWarehouseUsersQuery(search);
  const [creating, setCreating] = useState(false);
  // Set when the user was dropped from their page and the list is shown next.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <section aria-labelledby="warehouse-users-title">
      <ManagementHeading
        id="warehouse-users-title"
        title="Warehouse users"
        intro="The people and services that sign in to your Snowflake account."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusLg aria-hidden /> Create user
          </button>
        }
      />
      {notice ? (
        <div role="status" className="alert alert-success">
          {notice}
        </div>
      ) : null}
      <SearchedList
        noun="user"
        search={search}
        query={warehouseUsers}
        columns={userColumns}
        placeholder="Search by name, login, display name or e-mail"
      />
      {creating ? <CreateUserDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
