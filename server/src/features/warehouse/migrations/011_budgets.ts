// Budgets of the Optimize area: a monthly amount (USD) for the whole warehouse account or one
// warehouse, user, role or query tag; and the alerts sent for them, one row per budget, month
// and level, which is what keeps an alert from going out twice.
import { sql, type Kysely, type Migration } from 'kysely';

export const budgets: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('warehouse_budgets')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('scope', 'text', (col) => col.notNull())
      // Null for the whole account; the warehouse, user, role or tag otherwise.
      .addColumn('scope_value', 'text')
      // Cents are kept exactly.
      .addColumn('amount', 'numeric(14, 2)', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('warehouse_budgets_name', ['organisation_id', 'name'])
      .execute();
    await sql`ALTER TABLE warehouse_budgets ADD CONSTRAINT warehouse_budgets_scope CHECK (scope IN ('account', 'warehouse', 'user', 'role', 'tag'))`.execute(
      db,
    );
    await sql`ALTER TABLE warehouse_budgets ADD CONSTRAINT warehouse_budgets_scope_value CHECK ((scope = 'account') = (scope_value IS NULL))`.execute(
      db,
    );
    await sql`ALTER TABLE warehouse_budgets ADD CONSTRAINT warehouse_budgets_amount CHECK (amount > 0)`.execute(db);

    await db.schema
      .createTable('warehouse_budget_alerts')
      .addColumn('budget_id', 'uuid', (col) => col.notNull().references('warehouse_budgets.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      // `YYYY-MM` (UTC).
      .addColumn('month', 'text', (col) => col.notNull())
      // 'forecast': the month-end forecast went over the amount; 'exceeded': the month to date did.
      .addColumn('level', 'text', (col) => col.notNull())
      .addColumn('notification_id', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('warehouse_budget_alerts_key', ['budget_id', 'month', 'level'])
      .execute();
    await sql`ALTER TABLE warehouse_budget_alerts ADD CONSTRAINT warehouse_budget_alerts_level CHECK (level IN ('forecast', 'exceeded'))`.execute(
      db,
    );
  },
};
