// What dbt says about a model's place in a project and between projects (dbt 1.5+): its version
// and the latest one, its access (private, protected, public), its group and whether its contract
// is enforced. The asset page shows them; Explore filters by access and contract.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtModelGovernance: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE dbt_nodes
      ADD COLUMN version text, ADD COLUMN latest_version text, ADD COLUMN access text,
      ADD COLUMN group_name text, ADD COLUMN contract_enforced boolean NOT NULL DEFAULT false`.execute(db);
  },
};
