// /app/snowflake/users: what each warehouse user costs and two security findings: people who
// have not signed in for a long time but still hold a powerful role, and people without MFA;
// each name opens the user in User Management, where either is fixed.
import { useMemo } from 'react';
import { canOpen } from '@common/access/access';
import type { UsersOverview } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import { formatCount, formatMoney } from '../../../components/format';
import { FigureTiles } from '../../../components/FigureTiles';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { selectRealmRoles } from '../../../auth';
import { useAppSelector } from '../../../state/hooks';
import { FilterForm } from '../FilterForm';
import { useGetUsersOverviewQuery } from '../../../api/optimizeApi';
import { optimizePageOf, type OptimizeContext } from '../OptimizeLayout';
import { dormantDaysOf, dormantField } from './dormantDays';
import { costColumns, dormantColumns, withoutMfaColumns } from './userColumns';

const CHART_TOP = 10;
const fields = [dormantField];

function Findings({ overview, currency }: { overview: UsersOverview; currency: string }) {
  const { range } = overview;
  // Names link to User Management, where the fix is made, only for those who may open it.
  const linkToUser = canOpen(useAppSelector(selectRealmRoles), 'managementUser');
  const columns = useMemo(() => costColumns(currency, linkToUser), [currency, linkToUser]);
  const dormant = useMemo(() => dormantColumns(linkToUser), [linkToUser]);
  const withoutMfa = useMemo(() => withoutMfaColumns(linkToUser), [linkToUser]);
  const top = useMemo(() => [...overview.users].sort((a, b) => b.cost - a.cost).slice(0, CHART_TOP), [overview.users]);
  const labels = useMemo(() => top.map((user) => user.userName), [top]);
  const series = useMemo(() => [{ label: `Cost (${currency})`, values: top.map((user) => user.cost) }], [top, currency]);
  const totalCost = overview.users.reduce((sum, user) => sum + user.cost, 0);

  return (
    <>
      <FigureTiles
        label="User figures"
        figures={[
          { label: 'Users', value: formatCount(overview.users.length) },
          { label: 'Spend by users', value: formatMoney(totalCost, currency), note: `${range.from} to ${range.to}` },
          { label: 'Dormant with powerful roles', value: formatCount(overview.dormantPrivileged.length) },
          { label: 'People without MFA', value: formatCount(overview.withoutMfa.length) },
        ]}
      />
      <Panel
        title="Dormant users holding powerful roles"
        description={`No sign-in for ${overview.dormantDays} days or more (as of ${overview.asOf}) but still granted ACCOUNTADMIN, SECURITYADMIN or SYSADMIN. Revoke the role or disable the user.`}
      >
        <DataTable
          caption="Dormant users holding powerful roles"
          columns={dormant}
          rows={overview.dormantPrivileged}
          rowKey={(row) => row.userName}
          exportFileName={csvFileName('dormant privileged users', overview.asOf)}
          initialSort={{ id: 'daysSince', desc: true }}
          emptyText="None: every holder of a powerful role has signed in recently."
        />
      </Panel>
      <Panel
        title="People without MFA"
        description="Enabled people (not service users, which sign in with keys) who can sign in with a password alone."
      >
        <DataTable
          caption="People without MFA"
          columns={withoutMfa}
          rows={overview.withoutMfa}
          rowKey={(row) => row.userName}
          exportFileName={csvFileName('users without mfa', overview.asOf)}
          initialSort={{ id: 'user', desc: false }}
          emptyText="None: everyone who signs in with a password has MFA."
        />
      </Panel>
      <Panel
        title="Cost per user"
        description="Query cost attributed to each user: metered credits split by running time, idle time included."
      >
        {top.length > 0 ? (
          <BarChart
            title={`Cost per user: the ${top.length} most expensive`}
            labels={labels}
            series={series}
            horizontal
            height={Math.max(160, top.length * 28)}
            formatValue={(value) => formatMoney(value, currency)}
          />
        ) : null}
        <DataTable
          caption="Cost per user"
          columns={columns}
          rows={overview.users}
          rowKey={(row) => row.userName}
          exportFileName={csvFileName('cost per user', range.from, range.to)}
          initialSort={{ id: 'cost', desc: true }}
          emptyText="The account has no users."
        />
      </Panel>
    </>
  );
}

function UsersReport({ info, range, dataRange, params }: OptimizeContext) {
  const dormantDays = dormantDaysOf(params);
  const usersOverview = useGetUsersOverviewQuery({ ...range, dormantDays });
  return (
    <>
      <FilterForm key={params.toString()} label="Date range and dormancy" range={range} dataRange={dataRange} fields={fields} />
      <QueryResult query={usersOverview} loadingLabel="Looking at the users…" errorTitle="The users could not be loaded">
        {(overview) => <Findings overview={overview} currency={info.currency} />}
      </QueryResult>
    </>
  );
}

export default optimizePageOf(
  {
    id: 'optimize-users',
    title: 'Users',
    intro: 'What each warehouse user costs, who has not signed in for a long time and who signs in without MFA.',
  },
  UsersReport,
);
