// The sign-in event log: successes, failures, lockouts and ended sessions with time, address
// and client, filtered by type, exported as CSV by the table.
import { useState } from 'react';
import type { SignInEvent, SignInEventType } from '@common/security/securityContract';
import { signInEventLabels } from '@common/security/securityRules';
import { csvFileName } from '../../components/csv';
import type { DataColumn } from '../../components/dataColumn';
import { DataTable } from '../../components/DataTable';
import { DateTimeText } from '../../components/DateTimeText';
import { InlineSelect } from '../../components/InlineSelect';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { useListEventsQuery } from '../../api/securityApi';

const columns: DataColumn<SignInEvent>[] = [
  { id: 'time', header: 'Time', value: (event) => event.time, cell: (event) => <DateTimeText iso={event.time} /> },
  { id: 'type', header: 'Event', value: (event) => signInEventLabels[event.type] },
  { id: 'username', header: 'Member', value: (event) => event.username },
  { id: 'address', header: 'Address', value: (event) => event.address },
  { id: 'client', header: 'Client', value: (event) => event.client },
  { id: 'error', header: 'Reason', value: (event) => event.error },
];

export function SignInEventsPanel() {
  const [type, setType] = useState<SignInEventType | ''>('');
  const events = useListEventsQuery(type ? `type=${type}` : '');
  return (
    <Panel
      title="Sign-in events"
      description="The latest 500 sign-ins, failures, lockouts and ended sessions of your members."
      actions={
        <InlineSelect<SignInEventType | ''>
          label="Show"
          labelClassName="small"
          selectClassName="form-select form-select-sm"
          value={type}
          onValue={setType}
          options={Object.keys(signInEventLabels) as SignInEventType[]}
          optionLabel={(value) => (value ? signInEventLabels[value] : '')}
        >
          <option value="">All events</option>
        </InlineSelect>
      }
    >
      <QueryResult query={events} loadingLabel="Loading the sign-in events…" errorTitle="The sign-in events could not be loaded">
        {(page) => (
          <DataTable
            caption="Sign-in events"
            columns={columns}
            rows={page.events}
            exportFileName={csvFileName('sign-in events')}
            initialSort={{ id: 'time', desc: true }}
            emptyText="No sign-in events yet."
          />
        )}
      </QueryResult>
    </Panel>
  );
}
