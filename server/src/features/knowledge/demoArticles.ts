// The knowledge base and FAQ every demo organisation starts with: articles about this portal
// itself, written from its README and code so they are true of what runs here.

export interface SeedArticle {
  key: string;
  title: string;
  category: string;
  tags: string[];
  body: string;
}

export interface SeedFaq {
  key: string;
  topic: string;
  question: string;
  answer: string;
}

export const demoArticles: SeedArticle[] = [
  {
    key: 'connect-snowflake',
    title: 'Connecting your Snowflake account',
    category: 'Warehouse',
    tags: ['snowflake', 'setup', 'key-pair'],
    body: `Until an organisation's Snowflake account is connected, the Optimize pages and User Management read an **embedded sample account**: generated sample data, not your Snowflake account. The pages say so.

## 1. Create a service user with a key pair

The portal signs in with key-pair authentication; no password is stored.

\`\`\`sh
openssl genrsa 2048 | openssl pkcs8 -topk8 -v2 des3 -inform PEM -out dataworks_key.p8
openssl rsa -in dataworks_key.p8 -pubout -out dataworks_key.pub
\`\`\`

Then, in Snowflake: \`CREATE USER DATAWORKS_SVC TYPE = SERVICE RSA_PUBLIC_KEY = '<key body>' DEFAULT_ROLE = DATAWORKS_ADMIN\`.

## 2. Grant what the portal reads and changes

- Usage data: \`GRANT IMPORTED PRIVILEGES ON DATABASE SNOWFLAKE TO ROLE DATAWORKS_ADMIN\`, and a warehouse to run on.
- For User Management and applying recommendations: the right to manage users, roles and grants (for example SECURITYADMIN) and MODIFY on the warehouses.

## 3. Tell the portal

Your Dataworks operator lists your organisation in the connections file (\`WAREHOUSE_CONNECTIONS_FILE\`) with the account, user, key path, role and warehouse, and optionally your price per credit.

The Optimize pages then query \`SNOWFLAKE.ACCOUNT_USAGE\` directly. Snowflake fills those views with a delay of up to a few hours, so the latest queries appear later. Results are reused for five minutes, and recomputed at once after a change made through the portal.`,
  },
  {
    key: 'upload-dbt-artifacts',
    title: 'Uploading dbt artifacts after each run',
    category: 'Data catalog',
    tags: ['dbt', 'catalog', 'upload', 'service-account'],
    body: `The data catalog, exposures and freshness pages are built from your dbt project's artifacts. The portal reads manifest v9–v12 (dbt-core 1.5 and later), run_results v4–v6, sources v3 and catalog v1.

## Upload from your dbt job

After \`dbt build\`, send the files to \`POST /api/dbt/artifacts\` as \`multipart/form-data\`: \`manifest\` is required; \`run_results\`, \`sources\` and \`catalog\` are optional. Use a **service account** (client-credentials grant); its token carries the role \`dbt-uploader\`.

\`\`\`sh
TOKEN=$(curl -s -u "dataworks-dbt-acme:$SECRET" -d grant_type=client_credentials \\
  https://<identity-server>/realms/dataworks/protocol/openid-connect/token | jq -r .access_token)
curl -H "Authorization: Bearer $TOKEN" \\
  -F manifest=@target/manifest.json -F run_results=@target/run_results.json \\
  -F sources=@target/sources.json -F catalog=@target/catalog.json \\
  https://<portal>/api/dbt/artifacts
\`\`\`

People with the \`admin\` or \`Client-Dataworks-docs\` role may upload too.

## What happens

- A new set replaces the previous one in one step; run and freshness results are kept as history.
- Anything the portal cannot read (another version, not JSON, cut off) is refused with a message saying what is wrong, and nothing changes.
- One upload runs at a time per organisation; a second one at the same moment is refused and names the one running.
- The largest upload is 200 MB by default.

Results of \`dbt docs generate\` or \`dbt compile\` are not counted as builds.`,
  },
  {
    key: 'reading-cost-page',
    title: 'Reading the Cost page',
    category: 'Warehouse',
    tags: ['snowflake', 'cost', 'optimize', 'credits'],
    body: `**Optimize → Cost** shows what your Snowflake account costs, for the range you choose.

## The figures at the top

- **Spend in range**: compute, cloud services and storage for the chosen days.
- **Month to date** and **Last month**, and the **Month-end forecast**: the spend so far plus the last 7 days' daily average for each day left.

## The panels

- **Compute spend by day and warehouse**: which warehouse cost what on each day.
- **Idle cost by warehouse**: metered credits that no query used. A warehouse that stays resumed between queries bills for that time; a shorter auto-suspend or a smaller size usually cuts it.
- **Cloud services**: Snowflake bills them only above 10% of the day's compute, so "used" and "billed" differ.
- **Spend by service** and the share of each.

## How money is counted

Money is credits × your price per credit (3.00 USD unless your organisation has its own). Warehouses use credits per hour by size (X-Small 1 up to 6X-Large 512), billed per second with a 60-second minimum each time they resume. A query's cost is its share of each hour's metered warehouse credits plus its share of the day's billable cloud services.

Every chart has a table of its figures next to it. On the sample account the page says that its figures are generated.`,
  },
  {
    key: 'adding-connector',
    title: 'Adding a connector',
    category: 'Integrations',
    tags: ['connectors', 'integrations', 'elt'],
    body: `Connectors move data from your sources into your warehouse on a schedule. They follow the Airbyte protocol, so any Airbyte-compatible source program can be one. Open **Integrations → Add New Connector**.

## A managed connector

1. Search the catalog (Sample data, PostgreSQL, Files, HTTP API, and any connector your administrators registered) and choose one.
2. Fill in its settings. Passwords and tokens are stored encrypted and never shown again; leave the masked value to keep one.
3. **Check** the connection: if it fails, you see the connector's own message (for example "password authentication failed").
4. Choose the streams (tables) to sync, each with its sync mode (full refresh or incremental), how it lands (append, append with deduplication by a primary key, or overwrite) and, for incremental streams, the cursor field.
5. Choose a schedule (manual, every N hours, or a cron expression in UTC) and create the connection.

## An HTTP API of your own

**Add New Connector → Custom** describes a JSON API in the page: base URL, authentication, and per stream the path, where the records are, pagination and an incremental date-time field. **Test** checks it and shows its first records before you save it.

## Watching syncs

**Manage Connectors** lists every connection with its health, last and next sync and rows. Open one to **Sync now** and watch rows arrive per stream, read the timeline of jobs (and download their logs), change the schema or schedule, pause it, or reset it. Rows appear in the warehouse only when the connector confirms a checkpoint, so a failed sync leaves what was already committed and the next one carries on from there. A failed sync also appears in your notifications.`,
  },
  {
    key: 'roles-and-editions',
    title: 'Roles and editions: who sees what',
    category: 'Access',
    tags: ['roles', 'editions', 'access', 'lite'],
    body: `What you may open depends on your organisation's **edition** and your **roles**. The menu shows exactly the pages you can open, and the API applies the same rules.

## Editions

- **Lite** (roles Client-Lite, Client-Admin-Lite): home, support, the basic data catalog, the Viewer, exposures and integrations.
- **Main** (admin, Client-Admin, Integration_Engineer, Client-Dataworks-docs, Client-dataworks-business-users, assured): everything in Lite plus freshness, Optimize (cost, queries, warehouses, users), User Management and the advanced data catalog.

## Roles

| role | what it adds |
|---|---|
| admin | everything, including the FAQ, the roadmap and protected warehouse roles |
| Client-Admin | managing dashboards, projects, feature requests and warehouse users and roles |
| Client-Dataworks-docs | writing knowledge base articles and uploading dbt artifacts |
| Integration_Engineer | the knowledge base and developer settings; Viewer, Optimize and User Management are hidden |
| assured | support staff: every ticket of the organisation |
| user | Hive and the FAQ |

A page you may not open says why. Ask your organisation's admin for a role.`,
  },
];

export const demoFaq: SeedFaq[] = [
  {
    key: 'sample-data',
    topic: 'Getting started',
    question: 'Why does the Cost page say it shows a sample account?',
    answer:
      'Your organisation has no Snowflake connection yet, so the Optimize pages read an embedded sample account with generated data. Once your operator connects your account (see the knowledge base article "Connecting your Snowflake account"), the pages show your real figures.',
  },
  {
    key: 'which-pages',
    topic: 'Getting started',
    question: 'Why can I not see a page a colleague sees?',
    answer:
      "Pages follow your roles and your organisation's edition. The menu lists exactly what you may open. Ask your organisation's admin for the role you need.",
  },
  {
    key: 'dbt-upload',
    topic: 'Data catalog',
    question: 'How do I get my dbt project into the catalog?',
    answer:
      'Upload `manifest.json` (and, when the run wrote them, `run_results.json`, `sources.json`, `catalog.json`) to `POST /api/dbt/artifacts` after each `dbt build`, with a service account\'s token. The knowledge base article "Uploading dbt artifacts after each run" has the commands.',
  },
  {
    key: 'freshness',
    topic: 'Data catalog',
    question: 'How often is source freshness checked?',
    answer:
      'Every 60 minutes by default (your operator can change it), and whenever someone presses "check now" on the Freshness page. A source going stale, failing its check or recovering notifies the organisation\'s admins.',
  },
  {
    key: 'layout-support',
    topic: 'Support',
    question: 'Support asks what my screen looks like. How do I share it?',
    answer:
      'When you open a support ticket you may attach your layout settings (with your consent). Support staff can then open them and see the portal the way you do.',
  },
  {
    key: 'idle-cost',
    topic: 'Cost',
    question: 'What is idle cost?',
    answer:
      'Credits a warehouse was billed for while no query ran on it: it stays resumed until its auto-suspend time passes. A shorter auto-suspend or a smaller warehouse usually lowers it.',
  },
];
