// The inbox: unread first, then newest; filters by type and unread; each notice links to the
// thing that changed (opening it marks it read) and can be marked read or unread.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notificationTypeLabels, notificationTypes, type NotificationType } from '@common/notifications/notificationTypes';
import type { NotificationRecord } from '@common/notifications/notificationsContract';
import { apiErrorMessage } from '../../api/apiError';
import { useGetInboxQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../../api/notificationsApi';
import { CheckField } from '../../components/CheckField';
import { DateTimeText } from '../../components/DateTimeText';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect } from '../../components/FilterSelect';
import { InlineError } from '../../components/InlineError';
import { Markdown } from '../../components/Markdown';
import { QueryResult } from '../../components/QueryResult';

const PAGE = 25;

function NotificationItem({ notification }: { notification: NotificationRecord }) {
  const [mark, { isLoading, error }] = useMarkNotificationReadMutation();
  const markRead = () => void mark({ id: notification.id, read: true });
  return (
    <li className={`list-group-item d-flex flex-wrap gap-2 align-items-start ${notification.read ? '' : 'dw-unread'}`}>
      <div className="flex-grow-1">
        <p className="mb-1">
          {notification.read ? null : <span className="badge text-bg-primary me-2">Unread</span>}
          {notification.link ? (
            <Link
              to={notification.link}
              onClick={notification.read ? undefined : markRead}
              className={notification.read ? '' : 'fw-semibold'}
            >
              {notification.title}
            </Link>
          ) : (
            <span className={notification.read ? '' : 'fw-semibold'}>{notification.title}</span>
          )}
        </p>
        {/* Bodies are written in markdown by the areas that notify ("**Integrations → Manage connectors**"). */}
        {notification.body ? <Markdown text={notification.body} className="mb-1 small dw-markdown" /> : null}
        <p className="mb-0 small text-body-secondary">
          {notificationTypeLabels[notification.type]} · <DateTimeText iso={notification.createdAt} />
        </p>
        {error ? <InlineError className="mt-2 mb-0 py-1">{apiErrorMessage(error)}</InlineError> : null}
      </div>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={isLoading}
        aria-label={`${notification.read ? 'Mark unread' : 'Mark read'}: ${notification.title}`}
        onClick={() => void mark({ id: notification.id, read: !notification.read })}
      >
        {notification.read ? 'Mark unread' : 'Mark read'}
      </button>
    </li>
  );
}

export function Inbox() {
  const [type, setType] = useState<NotificationType | ''>('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const inbox = useGetInboxQuery({ type: type || undefined, unreadOnly, limit, offset: 0 });
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();

  return (
    <section aria-labelledby="inbox-title" className="mb-5">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <h2 id="inbox-title" className="h5 mb-0">
          Inbox{inbox.data ? <span className="text-body-secondary fw-normal"> · {inbox.data.unread} unread</span> : null}
        </h2>
        <div className="d-flex flex-wrap align-items-end gap-3">
          <FilterSelect
            label="Type"
            value={type}
            onValue={(value) => {
              setType(value as NotificationType | '');
              setLimit(PAGE);
            }}
            anyLabel="All types"
            values={notificationTypes}
            labels={notificationTypeLabels}
            small
            className="mb-0"
          />
          <CheckField
            id="inbox-unread-only"
            label="Unread only"
            checked={unreadOnly}
            className="mb-1"
            onChecked={(checked) => {
              setUnreadOnly(checked);
              setLimit(PAGE);
            }}
          />
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={!inbox.data?.unread || markAllState.isLoading}
            onClick={() => void markAll()}
          >
            Mark all read
          </button>
        </div>
      </div>
      {markAllState.error ? <InlineError>{apiErrorMessage(markAllState.error)}</InlineError> : null}
      <QueryResult
        query={inbox}
        keepWhileRefetching
        loadingLabel="Loading your notifications…"
        errorTitle="Your notifications could not be loaded"
      >
        {(data) =>
          data.notifications.length === 0 ? (
            <EmptyState title={type || unreadOnly ? 'No notifications match these filters.' : 'No notifications yet.'}>
              <p className="mb-0 text-body-secondary">
                You will find here what changes in your organisation: freshness, alerts, connector failures and your support tickets.
              </p>
            </EmptyState>
          ) : (
            <>
              <ul className="list-group" aria-label="Notifications">
                {data.notifications.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} />
                ))}
              </ul>
              <p className="small text-body-secondary mt-2 mb-0" aria-live="polite">
                Showing {data.notifications.length} of {data.total}.
              </p>
              {data.notifications.length < data.total ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm mt-2"
                  onClick={() => setLimit((current) => Math.min(100, current + PAGE))}
                  disabled={limit >= 100}
                >
                  Show more
                </button>
              ) : null}
            </>
          )
        }
      </QueryResult>
    </section>
  );
}
