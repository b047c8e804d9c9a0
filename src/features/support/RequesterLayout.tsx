// Support staff's reproduction path: the layout settings the requester shared with the ticket,
// read-only, and a button that applies them to the staff member's own session (as /app/admin
// does with a user's saved settings).
import { SharedLayoutSettings } from '../../components/SharedLayoutSettings';
import { layoutActions } from '../../layout';
import { useAppDispatch } from '../../state/hooks';
import { TicketCard } from './TicketCard';

export function RequesterLayout({ settings, requester }: { settings: Record<string, unknown>; requester: string }) {
  const dispatch = useAppDispatch();
  return (
    <TicketCard id="requester-layout-title" title={<>Layout settings of {requester}</>}>
      <p className="small text-body-secondary">Shared with the ticket. Apply them to see the portal as the requester does.</p>
      <SharedLayoutSettings
        settings={settings}
        id="requester-layout-json"
        maxRows={12}
        owner={requester}
        small
        onApply={(patch) => dispatch(layoutActions.applySettings(patch))}
      />
    </TicketCard>
  );
}
