// Support staff's reproduction path: the layout settings the requester shared with the ticket,
// said in words, and a button that previews them in the staff member's tab (as /app/admin does
// with a user's saved settings) without touching the staff member's own layout.
import { SharedLayoutSettings } from '../../layout';
import { TicketCard } from './TicketCard';

export function RequesterLayout({ settings, requester }: { settings: Record<string, unknown>; requester: string }) {
  return (
    <TicketCard id="requester-layout-title" title={<>Layout settings of {requester}</>}>
      <p className="small text-body-secondary">Shared with the ticket. Preview them to see the portal as the requester does.</p>
      <SharedLayoutSettings settings={settings} owner={requester} small />
    </TicketCard>
  );
}
