// The dbt layer over real HTTP with real tokens: the sample ingested on first start, uploads by
// users and by a service account (client credentials), refusals that change nothing, access,
// organisation scoping, search, lineage, exposures and a freshness check on the job runner.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { identityAdmin } from './identityAdmin';
import { startPortal, type RunningPortal } from './portalServer';
import { realPath } from '../features/dbt/fixtures';
import { projectManifest, refsModelOf } from '../features/dbt/meshFixture';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

const LIMIT = 3 * 1024 * 1024;
const PRUTHVI = 'PruthvirajH__dbt-airbnb-analytics__docs';

let portal: RunningPortal;
const tokens: Record<string, string> = {};

interface Ingestions {
  current: { id: string; origin: string; manifestSchemaVersion: string; parts: string[] } | null;
  history: { id: string; origin: string; projectName: string }[];
}

const ingestions = async (username = 'admin') =>
  (await portal.api('GET', '/api/dbt/ingestions', { token: tokens[username] })).body as Ingestions;

/** Polls until the probe answers; a miss names what was awaited and shows the end of the portal log. */
const waitFor = waitWith({ timeoutMs: 180_000, stepMs: 500, details: () => portal.logs().slice(-3000) });

/** POST /api/dbt/artifacts with the given parts (file paths or raw text), after a `project` field for each of `projects`. */
async function upload(token: string | undefined, parts: Record<string, { file: string } | { text: string }>, projects: string[] = []) {
  const form = new FormData();
  for (const project of projects) form.append('project', project);
  for (const [name, part] of Object.entries(parts)) {
    const content = 'file' in part ? await fs.readFile(part.file) : Buffer.from(part.text);
    form.append(name, new Blob([content], { type: 'application/json' }), `${name}.json`);
  }
  const response = await fetch(`${portal.baseUrl}/api/dbt/artifacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? ''}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

const real = (file: string, folder = PRUTHVI) => ({ file: realPath(folder, file) });

async function serviceToken(organisation: string): Promise<string> {
  const secrets = JSON.parse(await fs.readFile(path.join(portal.idp.dataDir, 'identity', 'service-clients.json'), 'utf8')) as Record<
    string,
    { secret: string }
  >;
  const clientId = `dataworks-dbt-${organisation}`;
  const secret = secrets[clientId]?.secret;
  if (!secret) throw new Error(`no service client for ${organisation}`);
  const response = await fetch(`${portal.idp.issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.access_token;
}

beforeAll(async () => {
  portal = await startPortal({ env: { DBT_UPLOAD_LIMIT_BYTES: String(LIMIT), DBT_FRESHNESS_CHECK_MINUTES: '0' } });
  for (const username of ['admin', 'docs', 'business', 'lite', 'clientadmin']) tokens[username] = await portal.token(username);
  // The sample project is ingested for both demo organisations in the background at first start.
  await waitFor('the sample of acme', async () => (await ingestions('admin')).current?.origin === 'sample');
  await waitFor('the sample of globex', async () => (await ingestions('lite')).current?.origin === 'sample');
});
afterAll(async () => {
  await portal?.stop();
});

describe('the sample project on first start', () => {
  test('is the current set of each demo organisation, with all four artifacts', async () => {
    const acme = await ingestions('admin');
    expect(acme.current).toMatchObject({
      origin: 'sample',
      manifestSchemaVersion: 'v12',
      parts: ['manifest', 'run_results', 'sources', 'catalog'],
    });
  });

  test('exposures have health with reasons, and open the demo dashboard they point at', async () => {
    const answer = await portal.api('GET', '/api/exposures', { token: tokens.admin });
    expect(answer.status).toBe(200);
    const { exposures } = answer.body as {
      exposures: { name: string; health: { status: string; reasons: string[] }; dashboardName: string | null }[];
    };
    expect(exposures.length).toBeGreaterThan(1);
    for (const exposure of exposures) expect(exposure.health.reasons.length).toBeGreaterThan(0);
    // The sample holds a failing test upstream of an exposure.
    const degraded = exposures.find((exposure) => exposure.health.status === 'Degraded');
    expect(degraded?.health.reasons.join(' ')).toMatch(/Test .* failed|failed to build|is stale/);
    expect(exposures.some((exposure) => exposure.dashboardName !== null)).toBe(true);
  });
});

describe('freshness', () => {
  test('a check runs as a job and its results join those of sources.json', async () => {
    // On the sample, whose sources live in the embedded warehouse: the CRM sync stopped days ago.
    const business = await portal.api('GET', '/api/freshness', { token: tokens.business });
    expect(business.status).toBe(403);
    const started = await portal.api('POST', '/api/freshness/checks', { token: tokens.admin });
    expect(started.status).toBe(202);
    const { jobId } = started.body as { jobId: string };
    const job = await waitFor('the freshness check', async () => {
      const view = (await portal.api('GET', `/api/jobs/${jobId}`, { token: tokens.admin })).body as {
        job: { state: string; error: string | null };
      };
      return ['succeeded', 'failed'].includes(view.job.state) ? view.job : null;
    });
    expect(job).toMatchObject({ state: 'succeeded' });
    const answer = await portal.api('GET', '/api/freshness', { token: tokens.admin });
    const body = answer.body as {
      sources: { origin: string | null; status: string; history: { origin: string }[] }[];
      lastCheckAt: string | null;
      scheduleMinutes: number | null;
    };
    expect(body.scheduleMinutes).toBeNull();
    expect(body.lastCheckAt).not.toBeNull();
    const checked = body.sources.filter((source) => source.origin === 'portal');
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.some((source) => source.status === 'error' || source.status === 'warn')).toBe(true);
    expect(checked.every((source) => source.history.some((entry) => entry.origin === 'dbt'))).toBe(true);
  });
});

describe('uploads', () => {
  test('an admin uploads a real v12 run: 201 with exactly the ingestion summary', async () => {
    const answer = await upload(tokens.admin, {
      manifest: real('manifest.json'),
      run_results: real('run_results.json'),
      sources: real('sources.json'),
      catalog: real('catalog.json'),
    });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['ingestion']);
    const ingestion = answer.body.ingestion as Record<string, unknown>;
    expect(Object.keys(ingestion).sort()).toEqual(['counts', 'dbtVersion', 'id', 'manifestSchemaVersion', 'projectName']);
    expect(ingestion).toMatchObject({
      dbtVersion: '1.10.9',
      manifestSchemaVersion: 'v12',
      counts: { models: 8, sources: 3, exposures: 1, tests: 15, seeds: 1, snapshots: 1, metrics: 0, semanticModels: 0 },
    });
    const after = await ingestions('admin');
    expect(after.current?.id).toBe(ingestion.id);
    // Newest first: the upload, then the two sample projects (the finance one after the demo one it refs).
    expect(after.history.map((record) => [record.origin, record.projectName])).toEqual([
      ['upload', ingestion.projectName],
      ['sample', 'dataworks_finance'],
      ['sample', 'dataworks_demo'],
    ]);
  });

  test.each([
    [
      'an unsupported manifest version',
      { manifest: real('manifest.json', 'adityapallipati__dbt_tutorial') },
      'manifest schema v8 is not supported: this portal reads v9, v10, v11, v12',
    ],
    [
      'the Fusion manifest',
      { manifest: real('manifest.json', 'Koosha-Mehdipoor__airbnb-dbt-snowflake-pipeline__fusion-preview') },
      'manifest schema v20 is not supported',
    ],
    ['non-JSON', { manifest: { text: 'manifest: yes' } }, 'manifest is not valid JSON'],
    [
      'truncated JSON',
      { manifest: { text: '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json"}, "nodes": {' } },
      'manifest is truncated JSON',
    ],
    ['no dbt_schema_version', { manifest: { text: '{"metadata": {}, "nodes": {}}' } }, 'no "metadata.dbt_schema_version"'],
    ['a good manifest with a bad catalog', { manifest: real('manifest.json'), catalog: { text: '[]' } }, 'catalog is not a dbt artifact'],
    ['no manifest part', { run_results: real('run_results.json') }, 'The "manifest" part is required'],
    ['an unknown part', { manifest: real('manifest.json'), logs: { text: '{}' } }, 'Unknown part "logs"'],
  ])('%s: 400 naming the problem; the current set is unchanged', async (_name, parts, message) => {
    const before = (await ingestions('admin')).current?.id;
    const answer = await upload(tokens.admin, parts as Record<string, { file: string } | { text: string }>);
    expect(answer.status).toBe(400);
    expect(String(answer.body.message)).toContain(message);
    expect((await ingestions('admin')).current?.id).toBe(before);
  });

  test('the project field or a part sent twice: 400 naming it; the current set is unchanged', async () => {
    const before = (await ingestions('admin')).current?.id;
    const twiceNamed = await upload(tokens.admin, { manifest: real('manifest.json') }, ['shop', 'other']);
    expect(twiceNamed.status).toBe(400);
    // The form parser's own limit of one field answers before the part handler sees the second.
    expect(twiceNamed.body).toMatchObject({ field: 'project', message: 'Send the field "project" at most once, and no other field.' });

    const form = new FormData();
    const manifest = await fs.readFile(realPath(PRUTHVI, 'manifest.json'));
    for (let copy = 0; copy < 2; copy += 1) form.append('manifest', new Blob([manifest], { type: 'application/json' }), 'manifest.json');
    const response = await fetch(`${portal.baseUrl}/api/dbt/artifacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'manifest', message: 'Part "manifest" was sent twice.' });
    expect((await ingestions('admin')).current?.id).toBe(before);
  });

  test('a field refused before a large part: the client, still sending, reads the 400', async () => {
    // The server reads and drops the rest of the body before it answers; were the connection
    // closed at the refusal, a client still sending (here: slowly, as a slow network does) would
    // meet a closed connection instead of the message.
    const boundary = 'dataworks-refused-field';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="project"\r\n\r\n../etc\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="manifest"; filename="manifest.json"\r\nContent-Type: application/json\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (chunks === 0) controller.enqueue(head);
        await new Promise((resolve) => setTimeout(resolve, 20));
        chunks += 1;
        if (chunks > 16) {
          controller.enqueue(Buffer.from(`{}\r\n--${boundary}--\r\n`));
          controller.close();
        } else controller.enqueue(chunk);
      },
    });
    const answer = await fetch(`${portal.baseUrl}/api/dbt/artifacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { field: string }).field).toBe('project');
    expect(chunks).toBeGreaterThan(16);
  });

  test('an upload over the limit: 413 naming the limit, declared or streamed', async () => {
    const before = (await ingestions('admin')).current?.id;
    const big = { text: `{"padding": "${'x'.repeat(LIMIT + 1024)}"}` };
    const declared = await upload(tokens.admin, { manifest: big });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toContain('3 MB');

    // Without a Content-Length the parts are counted as they stream in.
    const boundary = 'dataworks-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="manifest"; filename="manifest.json"\r\nContent-Type: application/json\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > LIMIT * 2) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(`${portal.baseUrl}/api/dbt/artifacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => ({ status: 0, error }));
    // The server may answer and close before the client has sent everything.
    if ('json' in streamed) {
      expect(streamed.status).toBe(413);
      expect(((await streamed.json()) as { message: string }).message).toContain('3 MB');
    }
    expect((await ingestions('admin')).current?.id).toBe(before);
  });

  test('uploads arriving together: each is ingested or answered 409 naming the one running', async () => {
    const folder = '2moonyo__global-trade-intelligence-pipeline';
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        upload(tokens.admin, {
          manifest: real('manifest.json', folder),
          run_results: real('run_results.json', folder),
          catalog: real('catalog.json', folder),
        }),
      ),
    );
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.message).toMatch(/upload by admin, started .* is still running/);
    }
  });

  test('nothing of an upload is left in the data directory', async () => {
    const uploads = path.join(portal.dataDir, 'tmp', 'dbt-uploads');
    expect(await fs.readdir(uploads)).toEqual([]);
  });

  test('a documentation editor may upload; a business user may not', async () => {
    expect((await upload(tokens.docs, { manifest: real('manifest.json') })).status).toBe(201);
    const refused = await upload(tokens.business, { manifest: real('manifest.json') });
    expect(refused.status).toBe(403);
  });

  test('a service account uploads with a client-credentials token, into its own organisation', async () => {
    const token = await serviceToken('globex');
    // As short-lived as a person's access token (the identity server's default, 300 s).
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(300);
    const answer = await upload(token, {
      manifest: real('manifest.json', 'MIKEJW08__dbt-airbnb-practice-project'),
      sources: real('sources.json', 'MIKEJW08__dbt-airbnb-practice-project'),
    });
    expect(answer.status).toBe(201);
    expect((answer.body.ingestion as { manifestSchemaVersion: string }).manifestSchemaVersion).toBe('v9');
    const globex = await ingestions('lite');
    expect(globex.current).toMatchObject({ id: (answer.body.ingestion as { id: string }).id, origin: 'upload' });
    // The service account may upload and see what its upload became, not read the pages.
    const own = (await portal.api('GET', '/api/dbt/ingestions', { token })).body as Ingestions;
    expect(own.current?.id).toBe((answer.body.ingestion as { id: string }).id);
    expect((await portal.api('GET', '/api/catalog/search', { token })).status).toBe(403);
    // Put globex back on its sample-like state for the scoping tests: a fresh acme-only id stays acme's.
  });
});

describe('upload tokens', () => {
  test('a catalog admin issues a token a dbt job uploads with; revoked, it is refused', async () => {
    const call = (method: string, path: string, username: string, body?: unknown) =>
      portal.api(method, path, { token: tokens[username], body });
    expect((await call('POST', '/api/dbt/upload-tokens', 'clientadmin', { name: 'CI' })).status).toBe(403);
    const empty = await call('POST', '/api/dbt/upload-tokens', 'docs', { name: '   ' });
    expect([empty.status, (empty.body as { field?: string }).field]).toEqual([400, 'name']);
    const created = await call('POST', '/api/dbt/upload-tokens', 'docs', { name: 'GitHub Actions' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { token, record } = created.body as {
      token: string;
      record: { id: string; name: string; start: string; lastUsedAt: string | null };
    };
    expect(token).toMatch(/^dwu_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ name: 'GitHub Actions', start: token.slice(0, 10), lastUsedAt: null });
    // Listed without the token itself.
    const listed = (await call('GET', '/api/dbt/upload-tokens', 'admin')).body as { tokens: { id: string }[] };
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.tokens.map((entry) => entry.id)).toContain(record.id);

    // The same full run the admin uploaded, so the reads below see the same project.
    const answer = await upload(token, {
      manifest: real('manifest.json'),
      run_results: real('run_results.json'),
      sources: real('sources.json'),
      catalog: real('catalog.json'),
    });
    expect(answer.status).toBe(201);
    const own = (await portal.api('GET', '/api/dbt/ingestions', { token })).body as Ingestions & { current: { ingestedBy?: string } };
    expect(own.current).toMatchObject({
      id: (answer.body.ingestion as { id: string }).id,
      origin: 'upload',
      ingestedBy: 'upload token "GitHub Actions"',
    });
    // Like a service account: uploads and sees its uploads, reads no page.
    expect((await portal.api('GET', '/api/catalog/search', { token })).status).toBe(403);
    expect((await portal.api('GET', '/api/dbt/upload-tokens', { token })).status).toBe(403);
    expect(
      ((await call('GET', '/api/dbt/upload-tokens', 'docs')).body as { tokens: { id: string; lastUsedAt: string | null }[] }).tokens.find(
        (entry) => entry.id === record.id,
      )?.lastUsedAt,
    ).not.toBeNull();

    // Another organisation can neither see nor revoke it.
    expect((await call('GET', '/api/dbt/upload-tokens', 'lite')).status).toBe(403);
    // Even globex's own administrator (made one in the identity service for this check): revoking
    // is a sensitive change, so the caller must really hold the role there, as a forged token does not.
    const forged = await portal.forgeToken({
      sub: 'globex-admin',
      preferred_username: 'globex-admin',
      realm_access: { roles: ['user', 'admin'] },
      organization: ['globex'],
    });
    expect((await portal.api('DELETE', `/api/dbt/upload-tokens/${record.id}`, { token: forged })).status).toBe(401);
    const globexMembers = (await identityAdmin(portal, 'GET', '/organizations/globex/members?search=liteadmin')).body as {
      members: { id: string; username: string }[];
    };
    const liteadminId = globexMembers.members.find((member) => member.username === 'liteadmin')?.id as string;
    expect((await identityAdmin(portal, 'PUT', `/organizations/globex/members/${liteadminId}/roles/admin`)).status).toBe(200);
    try {
      const globexAdmin = await portal.token('liteadmin');
      expect((await portal.api('DELETE', `/api/dbt/upload-tokens/${record.id}`, { token: globexAdmin })).status).toBe(404);
      expect(
        ((await portal.api('GET', '/api/dbt/upload-tokens', { token: globexAdmin })).body as { tokens: unknown[] }).tokens,
      ).toHaveLength(0);
    } finally {
      expect((await identityAdmin(portal, 'DELETE', `/organizations/globex/members/${liteadminId}/roles/admin`)).status).toBe(200);
    }

    expect((await call('DELETE', `/api/dbt/upload-tokens/${record.id}`, 'docs')).status).toBe(204);
    const refused = await upload(token, { manifest: real('manifest.json') });
    expect(refused.status).toBe(401);
    expect((await portal.api('GET', '/api/dbt/ingestions', { token: `dwu_${'x'.repeat(43)}` })).status).toBe(401);
    expect((await call('DELETE', `/api/dbt/upload-tokens/${record.id}`, 'docs')).status).toBe(404);
  });
});

describe('reads are scoped to the organisation and follow the access table', () => {
  test('lite (globex) is refused exposures and freshness but searches its own catalog', async () => {
    expect((await portal.api('GET', '/api/exposures', { token: tokens.lite })).status).toBe(403);
    expect((await portal.api('GET', '/api/freshness', { token: tokens.lite })).status).toBe(403);
    expect((await portal.api('POST', '/api/freshness/checks', { token: tokens.lite })).status).toBe(403);
    expect((await portal.api('GET', '/api/catalog/search?q=listings', { token: tokens.lite })).status).toBe(200);
  });

  test("another organisation's asset, exposure and lineage focus answer 404", async () => {
    // model.dbtlearn.mart_fullmoon_reviews is in acme's current set (the v12 upload above), not in globex's v9 one.
    await upload(tokens.admin, { manifest: real('manifest.json'), run_results: real('run_results.json'), catalog: real('catalog.json') });
    const id = encodeURIComponent('model.dbtlearn.mart_fullmoon_reviews');
    expect((await portal.api('GET', `/api/catalog/assets/${id}`, { token: tokens.admin })).status).toBe(200);
    const acmeExposure = encodeURIComponent('exposure.dbtlearn.Executive Dashboard');
    expect((await portal.api('GET', `/api/exposures/${acmeExposure}`, { token: tokens.admin })).status).toBe(200);
    const foreign = await portal.forgeToken({
      preferred_username: 'globex-admin',
      realm_access: { roles: ['user', 'admin'] },
      organization: ['other-org'],
    });
    expect((await portal.api('GET', `/api/catalog/assets/${id}`, { token: foreign })).status).toBe(404);
    expect((await portal.api('GET', `/api/exposures/${acmeExposure}`, { token: foreign })).status).toBe(404);
    expect((await portal.api('GET', `/api/catalog/lineage?focus=${id}`, { token: foreign })).status).toBe(404);
  });
});

describe('catalog reads', () => {
  test('search: prefixes, operators and quotes, facets, and an empty query listing the assets by name, then the columns', async () => {
    const prefix = await portal.api('GET', '/api/catalog/search?q=list', { token: tokens.admin });
    expect(prefix.status).toBe(200);
    const hits = (prefix.body as { hits: { name: string; nameHighlight: { text: string; match: boolean }[] }[] }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.nameHighlight.some((part) => part.match && part.text.toLowerCase().startsWith('list'))).toBe(true);

    for (const q of [`"listings" & | ! ( ) :* '`, "o'brien\\", '!!!', '<script>', 'a:*&b']) {
      const answer = await portal.api('GET', `/api/catalog/search?q=${encodeURIComponent(q)}`, { token: tokens.admin });
      expect(answer.status).toBe(200);
    }

    const all = await portal.api('GET', '/api/catalog/search?limit=100', { token: tokens.admin });
    const body = all.body as {
      total: number;
      hits: { name: string; kind: string }[];
      facets: Record<string, { value: string; count: number }[]>;
    };
    expect(body.total).toBeGreaterThan(10);
    const byName = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
    const assets = body.hits.filter((hit) => hit.kind !== 'column').map((hit) => hit.name);
    const columns = body.hits.filter((hit) => hit.kind === 'column').map((hit) => hit.name);
    expect(body.hits.map((hit) => hit.name)).toEqual([...byName(assets), ...byName(columns)]);
    expect(body.facets.kind?.map((facet) => facet.value)).toEqual(expect.arrayContaining(['model', 'source', 'column']));

    const filtered = await portal.api('GET', '/api/catalog/search?kind=model&kind=source', { token: tokens.admin });
    const filteredBody = filtered.body as { hits: { kind: string }[]; facets: Record<string, { value: string }[]> };
    expect(filteredBody.hits.every((hit) => hit.kind === 'model' || hit.kind === 'source')).toBe(true);
    // The kind facet still counts the other kinds, so the page can offer them.
    expect(filteredBody.facets.kind?.map((facet) => facet.value)).toContain('column');

    expect((await portal.api('GET', '/api/catalog/search?limit=0', { token: tokens.admin })).status).toBe(400);
    expect((await portal.api('GET', `/api/catalog/search?q=${'x'.repeat(201)}`, { token: tokens.admin })).status).toBe(400);
  });

  test('search: certification and the macro kind are filters of their own; a value not among them is refused naming the field', async () => {
    const macros = await portal.api('GET', '/api/catalog/search?kind=macro&limit=100', { token: tokens.admin });
    expect(macros.status).toBe(200);
    const body = macros.body as {
      hits: { kind: string; packageName: string; certified: boolean }[];
      facets: Record<string, { value: string }[]>;
    };
    expect(body.hits.length).toBeGreaterThan(0);
    expect(body.hits.every((hit) => hit.kind === 'macro' && hit.packageName !== 'dbt' && hit.packageName !== 'dbt_postgres')).toBe(true);
    expect(body.facets.certified?.map((facet) => facet.value)).toEqual(['not certified']);
    // The uploaded project certifies nothing (the sample project beside it does).
    const certified = await portal.api('GET', '/api/catalog/search?certified=certified&project=dbtlearn', { token: tokens.admin });
    expect(certified.status).toBe(200);
    expect((certified.body as { total: number }).total).toBe(0);
    const refused = await portal.api('GET', '/api/catalog/search?certified=yes', { token: tokens.admin });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('certified');
  });

  test('an asset: columns with types from the catalog, tests, neighbours, exposures, last run and history', async () => {
    const answer = await portal.api('GET', `/api/catalog/assets/${encodeURIComponent('model.dbtlearn.dim_listings_cleansed')}`, {
      token: tokens.admin,
    });
    expect(answer.status).toBe(200);
    const { asset } = answer.body as {
      asset: {
        columns: { name: string; type: string | null }[];
        tests: unknown[];
        upstream: unknown[];
        downstream: unknown[];
        exposures: { name: string }[];
      };
    };
    expect(asset.columns.find((column) => column.name === 'listing_id')?.type).toBe('NUMBER');
    expect(asset.tests.length).toBeGreaterThan(0);
    expect(asset.upstream.length).toBeGreaterThan(0);
    expect(asset.exposures.map((exposure) => exposure.name)).toEqual(['Executive Dashboard']);
  });

  test('lineage: depth each way and counts of what lies beyond', async () => {
    const focus = encodeURIComponent('model.dbtlearn.dim_listings_cleansed');
    const answer = await portal.api('GET', `/api/catalog/lineage?focus=${focus}&upstream=1&downstream=1`, { token: tokens.admin });
    expect(answer.status).toBe(200);
    const body = answer.body as {
      nodes: {
        uniqueId: string;
        resourceType: string;
        depth: number;
        hiddenUpstream: number;
        hiddenDownstream: number;
        health: string | null;
      }[];
      edges: unknown[];
    };
    expect(body.nodes.find((node) => node.depth === 0)?.uniqueId).toBe('model.dbtlearn.dim_listings_cleansed');
    expect(body.nodes.every((node) => Math.abs(node.depth) <= 1)).toBe(true);
    expect(body.nodes.some((node) => node.hiddenUpstream + node.hiddenDownstream > 0)).toBe(true);
    // Models and sources carry their own health (Unknown when the uploaded run built nothing); other kinds none.
    for (const node of body.nodes) {
      if (['model', 'source', 'seed', 'snapshot'].includes(node.resourceType))
        expect(node.health).toMatch(/^(Healthy|Caution|Degraded|Unknown)$/);
      else expect(node.health).toBeNull();
    }
    expect((await portal.api('GET', `/api/catalog/lineage?focus=${focus}&upstream=11`, { token: tokens.admin })).status).toBe(400);
  });
});

describe('several dbt projects in one organisation, and a cross-project ref (dbt Mesh)', () => {
  const core = () =>
    projectManifest(
      {
        models: [
          { name: 'stg_orders', parents: ['source.core.raw.orders'] },
          { name: 'orders', parents: ['model.core.stg_orders'] },
        ],
        sources: [{ source: 'raw', name: 'orders' }],
      },
      'core',
    );
  const shop = () =>
    refsModelOf(
      projectManifest(
        {
          models: [{ name: 'revenue', parents: ['model.core.orders'] }],
          exposures: [{ name: 'finance_dashboard', parents: ['model.shop.revenue'] }],
        },
        'shop',
      ),
      'core',
      'orders',
    );
  const projectNames = async () =>
    ((await portal.api('GET', '/api/dbt/projects', { token: tokens.admin })).body as { projects: { name: string }[] }).projects.map(
      (project) => project.name,
    );

  test('the project field names a project; an overlap with another project and a bad name are refused, changing nothing', async () => {
    expect((await upload(tokens.admin, { manifest: real('manifest.json') })).status).toBe(201);
    const before = await projectNames();
    expect(before).toContain('dbtlearn');

    const overlap = await upload(tokens.admin, { manifest: real('manifest.json') }, ['airbnb-copy']);
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ field: 'project' });
    expect(String(overlap.body.message)).toContain('"dbtlearn"');

    const badName = await upload(tokens.admin, { manifest: real('manifest.json') }, ['../etc']);
    expect(badName.status).toBe(400);
    expect(String(badName.body.message)).toContain('Field "project"');
    const twice = await upload(tokens.admin, { manifest: real('manifest.json') }, ['a', 'b']);
    expect(twice.status).toBe(400);
    expect(String(twice.body.message)).toContain('project');
    expect(await projectNames()).toEqual(before);

    // The same project under its own name replaces it.
    const again = await upload(tokens.admin, { manifest: real('manifest.json') }, ['dbtlearn']);
    expect(again.status).toBe(201);
    expect((again.body.ingestion as { projectName: string }).projectName).toBe('dbtlearn');
  });

  test('two projects joined by a ref: listed, filtered in search, lineage across, and a deleted project leaves the other with a missing node', async () => {
    expect((await upload(tokens.admin, { manifest: { text: JSON.stringify(shop()) } })).status).toBe(201);
    // Before core is here, shop's ref says so.
    const half = (await portal.api('GET', '/api/dbt/projects', { token: tokens.docs })).body as {
      projects: { name: string; refs: { uniqueId: string; resolved: boolean }[] }[];
    };
    expect(half.projects.find((project) => project.name === 'shop')?.refs).toEqual([
      expect.objectContaining({ uniqueId: 'model.core.orders', projectName: 'core', resolved: false }),
    ]);
    expect((await upload(tokens.admin, { manifest: { text: JSON.stringify(core()) } })).status).toBe(201);
    const listed = (await portal.api('GET', '/api/dbt/projects', { token: tokens.admin })).body as {
      projects: { name: string; referencedBy: string[]; refs: { resolved: boolean }[] }[];
    };
    expect(listed.projects.find((project) => project.name === 'core')?.referencedBy).toEqual(['shop']);
    const current = (await portal.api('GET', '/api/dbt/ingestions', { token: tokens.admin })).body as {
      current: { projectName: string };
      projects: { projectName: string }[];
    };
    expect(current.projects.map((project) => project.projectName)).toEqual(expect.arrayContaining(['core', 'shop', 'dbtlearn']));
    expect(current.current.projectName).toBe('core');
    expect(listed.projects.find((project) => project.name === 'shop')?.refs.map((ref) => ref.resolved)).toEqual([true]);

    const search = await portal.api('GET', '/api/catalog/search?project=core&limit=100', { token: tokens.admin });
    const found = search.body as { hits: { uniqueId: string; projectName: string }[]; facets: { project: { value: string }[] } };
    expect(found.hits.length).toBeGreaterThan(0);
    expect(found.hits.every((hit) => hit.projectName === 'core')).toBe(true);
    expect(found.facets.project.map((facet) => facet.value)).toEqual(expect.arrayContaining(['core', 'shop', 'dbtlearn']));

    const focus = encodeURIComponent('exposure.shop.finance_dashboard');
    const lineage = await portal.api('GET', `/api/catalog/lineage?focus=${focus}&upstream=3&downstream=0`, { token: tokens.admin });
    const nodes = (lineage.body as { nodes: { uniqueId: string; projectName: string; missing: boolean; depth: number }[] }).nodes;
    expect(nodes.find((node) => node.uniqueId === 'model.core.stg_orders')).toMatchObject({
      projectName: 'core',
      missing: false,
      depth: -3,
    });

    // Deleting is for those who open Catalog Settings, by a valid name of a project that exists.
    expect((await portal.api('DELETE', '/api/dbt/projects/core', { token: tokens.business })).status).toBe(403);
    expect((await portal.api('DELETE', '/api/dbt/projects/no_such_project', { token: tokens.admin })).status).toBe(404);
    expect((await portal.api('DELETE', `/api/dbt/projects/${encodeURIComponent('bad name')}`, { token: tokens.admin })).status).toBe(400);
    expect((await portal.api('DELETE', '/api/dbt/projects/core', { token: tokens.docs })).status).toBe(204);

    expect(await projectNames()).not.toContain('core');
    expect(await projectNames()).toContain('shop');
    const gone = await portal.api('GET', `/api/catalog/assets/${encodeURIComponent('model.core.orders')}`, { token: tokens.admin });
    expect(gone.status).toBe(404);
    expect(String((gone.body as { message: string }).message)).toContain('"core", which is not uploaded');
    const after = await portal.api('GET', `/api/catalog/lineage?focus=${focus}&upstream=3&downstream=0`, { token: tokens.admin });
    const left = (after.body as { nodes: { uniqueId: string; missing: boolean }[] }).nodes;
    expect(left.find((node) => node.uniqueId === 'model.core.orders')?.missing).toBe(true);
    expect(left.some((node) => node.uniqueId === 'model.core.stg_orders')).toBe(false);
  });
});
