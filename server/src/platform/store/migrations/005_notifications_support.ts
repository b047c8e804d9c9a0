// Notifications (the service every area calls) and the support desk's tickets.
// A notification is one row per event; who receives it is one row per recipient, so read state,
// the unread count and the replay after a reconnect (SSE Last-Event-ID = the event's id) are
// per user. The portal has no user directory of its own (people come from the identity
// provider): `notification_users` remembers each user the portal has seen, with the roles and
// e-mail of their last token, so notices for a role or the whole organisation reach them.
import { sql, type Kysely, type Migration } from 'kysely';

export const notificationsSupport: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('link', 'text')
      .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('audience', 'jsonb', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('notification_recipients')
      .addColumn('notification_id', 'bigint', (col) => col.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('read_at', 'timestamptz')
      .addPrimaryKeyConstraint('notification_recipients_pk', ['notification_id', 'subject'])
      .execute();
    await db.schema
      .createIndex('notification_recipients_inbox')
      .on('notification_recipients')
      .columns(['organisation_id', 'subject', 'notification_id'])
      .execute();

    await db.schema
      .createTable('notification_users')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('roles', 'jsonb', (col) => col.notNull())
      .addColumn('seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('notification_users_pk', ['organisation_id', 'subject'])
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('in_app', 'boolean', (col) => col.notNull())
      .addColumn('email', 'boolean', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['organisation_id', 'subject', 'type'])
      .execute();

    // Tickets: the number is what people quote ("#1042"); the id is what URLs carry.
    await db.schema
      .createTable('support_tickets')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('number', 'bigserial', (col) => col.notNull().unique())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('priority', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
      .addColumn('requester_subject', 'text', (col) => col.notNull())
      .addColumn('requester_username', 'text', (col) => col.notNull())
      .addColumn('assignee_subject', 'text')
      .addColumn('assignee_username', 'text')
      .addColumn('layout_settings', 'jsonb')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('first_response_due_at', 'timestamptz', (col) => col.notNull())
      .addColumn('resolution_due_at', 'timestamptz', (col) => col.notNull())
      .addColumn('first_response_at', 'timestamptz')
      .addColumn('solved_at', 'timestamptz')
      .addColumn('closed_at', 'timestamptz')
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            sql`setweight(to_tsvector('simple'::regconfig, subject), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'B')`,
          )
          .stored(),
      )
      .execute();
    await sql`ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_status CHECK (status IN ('open', 'pending', 'solved', 'closed'))`.execute(
      db,
    );
    await sql`ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_priority CHECK (priority IN ('low', 'normal', 'high', 'urgent'))`.execute(
      db,
    );
    await sql`CREATE INDEX support_tickets_document ON support_tickets USING gin (document)`.execute(db);
    await db.schema
      .createIndex('support_tickets_organisation_updated')
      .on('support_tickets')
      .columns(['organisation_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('support_tickets_requester')
      .on('support_tickets')
      .columns(['organisation_id', 'requester_subject'])
      .execute();

    await db.schema
      .createTable('support_messages')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('ticket_id', 'uuid', (col) => col.notNull().references('support_tickets.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE support_messages ADD CONSTRAINT support_messages_kind CHECK (kind IN ('reply', 'note'))`.execute(db);
    await db.schema.createIndex('support_messages_ticket').on('support_messages').columns(['ticket_id', 'created_at']).execute();

    await db.schema
      .createTable('support_attachments')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('ticket_id', 'uuid', (col) => col.notNull().references('support_tickets.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('filename', 'text', (col) => col.notNull())
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('content', 'bytea', (col) => col.notNull())
      .addColumn('uploaded_by_subject', 'text', (col) => col.notNull())
      .addColumn('uploaded_by_username', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('support_attachments_ticket').on('support_attachments').columns(['ticket_id']).execute();
  },
};
