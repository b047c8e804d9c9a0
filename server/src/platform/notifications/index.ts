// The notifications service every area calls (docs/architecture.md): what other server code imports from platform/notifications.
export {
  createNotificationsService,
  EMAIL_JOB,
  type NotificationAudience,
  type NotificationsOptions,
  type NotificationsService,
  type NotifyRequest,
  type NotifyResult,
} from './notificationsService.js';
export { registerNotificationRoutes } from './notificationsRoutes.js';
export { createEmailSender, smtpConfigured, type EmailSender, type SmtpSettings } from './emailSender.js';
export { knownUsers, subjectsOfUsernames } from './notificationsStore.js';
