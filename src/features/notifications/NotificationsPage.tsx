// /app/notifications: the user's inbox (unread first, newest first; filter by type; mark read or
// all read; each links to what changed) and their preferences per type, in the portal and by
// e-mail. New notifications arrive over the live channel and the list refreshes by itself.
import { Inbox } from './Inbox';
import { Preferences } from './Preferences';

export default function NotificationsPage() {
  return (
    <>
      <h1 className="h3 mb-1">Notifications</h1>
      <p className="text-body-secondary mb-4">
        What changed in your organisation&apos;s data platform and your support tickets. New ones appear here as they happen.
      </p>
      <Inbox />
      <Preferences />
    </>
  );
}
