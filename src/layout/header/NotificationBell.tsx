// The header's bell, for every signed-in user: how many of their notifications are unread (kept
// current by the live channel), and a panel with the latest ones — each opens what it is about
// and is marked read — and "Mark all read". The full notifications page (filters, preferences)
// is linked for those the access table lets open it. A polite live region announces new ones.
import { useEffect, useRef, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Bell as BellIcon } from 'react-bootstrap-icons';
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import type { NotificationRecord } from '@common/notifications/notificationsContract';
import { appPaths } from '@common/paths';
import {
  useGetInboxQuery,
  useGetUnreadCountQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../api/notificationsApi';
import { useLiveNotifications } from '../../api/live/useLiveNotifications';
import { organisationOf, selectRealmRoles, selectSession } from '../../auth/authSlice';
import { DateTimeText } from '../../components/DateTimeText';
import { useAppSelector } from '../../state/hooks';

/** The badge stops counting here; the name still says the real number. */
const BADGE_MAX = 99;
/** How many of the latest notifications the panel lists. */
export const BELL_PANEL_SIZE = 8;

export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

function useRiseAnnouncement(unread: number | undefined): string {
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
  return announcement;
}

function PanelItem({ notification, onOpen }: { notification: NotificationRecord; onOpen: (notification: NotificationRecord) => void }) {
  const content = (
    <>
      <span className={`d-block text-wrap${notification.read ? '' : ' fw-semibold'}`}>
        {notification.read ? null : <span className="visually-hidden">Unread: </span>}
        {notification.title}
      </span>
      <small className="text-body-secondary">
        <DateTimeText iso={notification.createdAt} />
      </small>
    </>
  );
  return notification.link ? (
    <Dropdown.Item as={Link} to={notification.link} onClick={() => onOpen(notification)}>
      {content}
    </Dropdown.Item>
  ) : (
    <Dropdown.Item as="button" onClick={() => onOpen(notification)}>
      {content}
    </Dropdown.Item>
  );
}

function BellPanel() {
  const roles = useAppSelector(selectRealmRoles);
  const latest = useGetInboxQuery({ limit: BELL_PANEL_SIZE, offset: 0 });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();
  const notifications = latest.currentData?.notifications;
  const open = (notification: NotificationRecord) => {
    if (!notification.read) void markRead({ id: notification.id, read: true });
  };
  return (
    <>
      <div className="d-flex align-items-center justify-content-between gap-2 px-3 pb-2 border-bottom">
        <h2 className="h6 mb-0">Notifications</h2>
        {notifications?.some((notification) => !notification.read) ? (
          <button type="button" className="btn btn-link btn-sm p-0" disabled={markingAll.isLoading} onClick={() => void markAll()}>
            Mark all read
          </button>
        ) : null}
      </div>
      {latest.isError ? (
        <p className="px-3 py-2 mb-0 small text-danger">The notifications could not be loaded.</p>
      ) : notifications === undefined ? (
        <p className="px-3 py-2 mb-0 small text-body-secondary">Loading…</p>
      ) : notifications.length === 0 ? (
        <p className="px-3 py-2 mb-0 small text-body-secondary">
          Nothing yet: replies to your tickets, answers to your questions and changes you follow show here.
        </p>
      ) : (
        notifications.map((notification) => <PanelItem key={notification.id} notification={notification} onOpen={open} />)
      )}
      {canOpen(roles, 'notifications') ? (
        <>
          <Dropdown.Divider />
          <Dropdown.Item as={Link} to={appPaths.notifications}>
            All notifications and preferences
          </Dropdown.Item>
        </>
      ) : null}
    </>
  );
}

/** The bell for a member of an organisation; someone who belongs to none yet (self-registered) has no notices. */
export function NotificationBell() {
  const organisation = organisationOf(useAppSelector(selectSession)?.tokenParsed);
  return organisation ? <Bell /> : null;
}

function Bell() {
  useLiveNotifications(true);
  const { data } = useGetUnreadCountQuery();
  const unread = data?.unread;
  const announcement = useRiseAnnouncement(unread);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Dropdown align="end" show={open} onToggle={setOpen}>
        <Dropdown.Toggle variant="link" id="dw-bell" className="dw-header-button dw-bell" aria-label={bellLabel(unread)}>
          <BellIcon size={18} aria-hidden />
          {unread ? (
            <span className="badge rounded-pill text-bg-danger dw-bell-count" aria-hidden>
              {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
            </span>
          ) : null}
        </Dropdown.Toggle>
        {/* The list is fetched only while the panel is open; the count above is always current. */}
        <Dropdown.Menu className="dw-bell-panel py-2">{open ? <BellPanel /> : null}</Dropdown.Menu>
      </Dropdown>
      {/* A polite live region of its own (not role="status": the header's one status is the loading indicator). */}
      <span className="visually-hidden dw-bell-announcement" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}
