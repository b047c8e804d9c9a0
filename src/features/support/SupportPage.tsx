// /app/support: the organisation's support desk. Requesters see the tickets they opened and open
// new ones; support staff (assured, admin) see every ticket of the organisation. Search, filters,
// sort and page live in the address. `?subject=…&description=…` opens the new-ticket form filled
// in (the help assistant's hand-off); it is never sent without the user.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isSupportStaff } from '@common/access/access';
import { useListTicketsQuery } from '../../api/supportApi';
import { EmptyState } from '../../components/EmptyState';
import { HelpLinks } from '../../layout';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { TablePager } from '../../components/TablePager';
import { selectRealmRoles } from '../../auth';
import { useAppSelector } from '../../state/hooks';
import { NewTicketForm } from './NewTicketForm';
import { TicketFilters } from './TicketFilters';
import { TicketTable } from './TicketTable';
import { DEFAULT_PAGE_SIZE, prefillFrom, ticketApiQuery } from './ticketParams';

export default function SupportPage() {
  const [params, setParams] = useSearchParams();
  const staff = isSupportStaff(useAppSelector(selectRealmRoles));
  const prefill = prefillFrom(params);
  const [creating, setCreating] = useState(prefill !== null);
  const list = useListTicketsQuery(ticketApiQuery(params));

  const change = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const closeForm = () => {
    setCreating(false);
    change({ subject: null, description: null });
  };

  const filtered = ['q', 'status', 'priority', 'category', 'assignee', 'mine'].some((name) => params.get(name));
  const pageSize = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;

  return (
    <>
      <PageHeader title="Support" className="mb-1" action={creating ? null : { label: 'New ticket', onClick: () => setCreating(true) }} />
      <p className="text-body-secondary mb-4">
        {staff
          ? 'Every ticket of your organisation. You answer as support staff.'
          : 'Ask the Dataworks support team for help and follow your tickets.'}
      </p>
      <HelpLinks here="support" />
      {creating ? <NewTicketForm prefill={prefill} onCancel={closeForm} /> : null}
      <section aria-labelledby="tickets-title">
        <h2 id="tickets-title" className="h5">
          {staff ? 'Tickets' : 'Your tickets'}
        </h2>
        <TicketFilters key={params.get('q') ?? ''} params={params} staff={staff} onChange={change} />
        <QueryResult query={list} loadingLabel="Loading tickets…" errorTitle="The tickets could not be loaded">
          {(data) =>
            data.tickets.length === 0 ? (
              <EmptyState title={filtered ? 'No tickets match.' : 'No tickets yet.'}>
                <p className="mb-0 text-body-secondary">
                  {filtered ? 'Try other words or filters.' : 'Open one with "New ticket" when you need help.'}
                </p>
              </EmptyState>
            ) : (
              <>
                <TicketTable tickets={data.tickets} staff={data.staff} />
                <TablePager
                  caption="tickets"
                  pageIndex={data.page - 1}
                  pageSize={pageSize}
                  rowCount={data.total}
                  onPageIndex={(index) => change({ page: String(index + 1) })}
                  onPageSize={(size) => change({ pageSize: String(size), page: null })}
                />
              </>
            )
          }
        </QueryResult>
      </section>
    </>
  );
}
