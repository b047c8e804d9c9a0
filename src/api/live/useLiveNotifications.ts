// Keeps the notification count and inbox current: every `notification` live event (or one
// replayed after a reconnect) invalidates the Notifications tag, so whatever shows them refetches.
import { NOTIFICATION_LIVE_TOPIC } from '@common/notifications/notificationTypes';
import { useEffect } from 'react';
import { useAppDispatch } from '../../state/hooks';
import { notificationsApi } from '../notificationsApi';
import { subscribeLive } from './liveEvents';

export function useLiveNotifications(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeLive(NOTIFICATION_LIVE_TOPIC, () => {
      dispatch(notificationsApi.util.invalidateTags(['Notifications']));
    });
  }, [dispatch, enabled]);
}
