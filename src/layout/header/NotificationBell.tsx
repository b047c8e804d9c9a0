// The header's bell: how many notifications are unread, kept current by the live channel, for
// users who may open the notifications page (the access table). It is a link to the inbox whose
// name says the count ("Notifications, 3 unread"); a polite live region announces new ones.
import { useEffect, useRef, useState } from 'react';
import { Bell } from 'react-bootstrap-icons';
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths } from '@common/paths';
import { useGetUnreadCountQuery } from '../../api/notificationsApi';
import { useLiveNotifications } from '../../api/live/useLiveNotifications';
import { selectRealmRoles } from '../../auth/authSlice';
import { useAppSelector } from '../../state/hooks';

/** The badge stops counting here; the name still says the real number. */
const BADGE_MAX = 99;

export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

function BellLink() {
  useLiveNotifications(true);
  const { data } = useGetUnreadCountQuery();
  const unread = data?.unread;
  // Announce rises only (a new notification), not the count falling as the user reads.
  const previous = useRef<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (unread !== undefined && previous.current !== undefined && unread > previous.current) {
      const added = unread - previous.current;
      setAnnouncement(`${added === 1 ? 'A new notification' : `${added} new notifications`}: ${unread} unread.`);
    }
    previous.current = unread;
  }, [unread]);
  return (
    <>
      <Link to={appPaths.notifications} className="dw-header-button dw-bell" aria-label={bellLabel(unread)}>
        <Bell size={18} aria-hidden />
        {unread ? (
          <span className="badge rounded-pill text-bg-danger dw-bell-count" aria-hidden>
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        ) : null}
      </Link>
      {/* A polite live region of its own (not role="status": the header's one status is the loading indicator). */}
      <span className="visually-hidden dw-bell-announcement" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}

export function NotificationBell() {
  const roles = useAppSelector(selectRealmRoles);
  return canOpen(roles, 'notifications') ? <BellLink /> : null;
}
