// "Why did my bill go up?" over real HTTP on the embedded sample account: the Cost page's top
// movers (default range, validation, access by role) and the help assistant's answer to the
// bill question, with the figures for those who may open the Cost page and the knowledge base
// for everyone else.
import type { CostMovers } from '@common/warehouse/analyticsContract';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal({ env: { WAREHOUSE_SAMPLE_QUERIES: '3000' } });
  for (const username of ['admin', 'business', 'engineer', 'lite']) tokens[username] = await portal.token(username);
  await portal.usageReady(tokens.admin!);
});
afterAll(async () => {
  await portal?.stop();
});

const get = (username: string, path: string) => portal.api('GET', path, { token: tokens[username] });

describe('GET /api/warehouse/cost/movers', () => {
  test('without a range: this month so far against the same days of last month', async () => {
    const info = (await get('admin', '/api/warehouse/info')).body as { dataRange: { from: string; to: string } };
    const answer = await get('admin', '/api/warehouse/cost/movers');
    expect(answer.status).toBe(200);
    const movers = answer.body as CostMovers;
    expect(movers.range).toEqual({ from: `${info.dataRange.to.slice(0, 8)}01`, to: info.dataRange.to });
    expect(movers.previousRange.from.slice(8)).toBe('01');
    for (const dimension of ['warehouse', 'user', 'pattern', 'model', 'tag'] as const) {
      expect(movers.movers[dimension].length).toBeLessThanOrEqual(5);
    }
    expect(movers.movers.warehouse.length).toBeGreaterThan(0);
  });

  test("a warehouse mover's cost is what the Warehouses page meters for it in each period", async () => {
    const movers = (await get('admin', '/api/warehouse/cost/movers?limit=50')).body as CostMovers;
    const usage = async (period: { from: string; to: string }) =>
      (
        (await get('admin', `/api/warehouse/warehouses?from=${period.from}&to=${period.to}`)).body as {
          warehouses: { name: string; cost: number }[];
        }
      ).warehouses;
    const [now, before] = await Promise.all([usage(movers.range), usage(movers.previousRange)]);
    expect(before.length).toBeGreaterThan(0);
    for (const mover of movers.movers.warehouse) {
      expect(mover.cost).toBeCloseTo(now.find((w) => w.name === mover.name)?.cost ?? 0, 6);
      expect(mover.previousCost).toBeCloseTo(before.find((w) => w.name === mover.name)?.cost ?? 0, 6);
    }
  });

  test('a malformed range or limit gets a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-03-01', 'from'],
      ['from=2026-03-18&to=2026-03-01', 'to'],
      ['from=2024-01-01&to=2026-03-01', 'to'],
      ['from=2026-03-01', 'to'],
      ['from=2026-03-01&to=2026-03-18&limit=0', 'limit'],
      ['from=2026-03-01&to=2026-03-18&limit=many', 'limit'],
      ['from=2026-03-01&to=2026-03-18&dimension=user', 'dimension'],
    ];
    for (const [query, field] of cases) {
      const answer = await get('admin', `/api/warehouse/cost/movers?${query}`);
      expect({ query, status: answer.status, field: (answer.body as { field?: string }).field }).toEqual({ query, status: 400, field });
    }
  });

  test('only those who may open the Cost page may read it', async () => {
    expect((await get('business', '/api/warehouse/cost/movers')).status).toBe(200);
    for (const username of ['engineer', 'lite']) expect((await get(username, '/api/warehouse/cost/movers')).status).toBe(403);
    expect((await portal.api('GET', '/api/warehouse/cost/movers')).status).toBe(401);
  });

  test('the Queries filters a mover links to are validated like the others', async () => {
    const bad = await get('admin', '/api/warehouse/queries/top?from=2026-03-01&to=2026-03-18&dbtModel=orders');
    expect(bad).toMatchObject({ status: 400, body: { field: 'dbtModel' } });
    const hash = await get('admin', '/api/warehouse/queries/patterns?from=2026-03-01&to=2026-03-18&parameterizedHash=a%27b');
    expect(hash).toMatchObject({ status: 400, body: { field: 'parameterizedHash' } });
  });
});

describe('the help assistant asked why the bill went up', () => {
  const ask = (username: string, question: string) =>
    portal.api('POST', '/api/assistant/ask', { token: tokens[username], body: { question } });
  const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
  interface Answer {
    found: boolean;
    passages: { source: string; title: string; link: string; text: { text: string }[] }[];
  }

  test("answers with this month's figures against last month and the top movers, linking to the Cost page", async () => {
    const movers = (await get('admin', '/api/warehouse/cost/movers')).body as CostMovers;
    const answer = await ask('admin', 'why did my snowflake bill go up this month?');
    expect(answer.status).toBe(200);
    const [first] = (answer.body as Answer).passages;
    expect(first).toMatchObject({ source: 'figures', title: 'Cost page: this month against last month', link: '/app/snowflake/cost' });
    const text = first!.text.map((part) => part.text).join('');
    expect(text).toContain(`the bill is ${money(movers.totalCost)}`);
    expect(text).toContain(`against ${money(movers.previousTotalCost)} over the same days of last month`);
    const topWarehouse = movers.movers.warehouse[0]!;
    expect(text).toContain(`warehouse ${topWarehouse.name} ${topWarehouse.change > 0 ? '+' : ''}${money(topWarehouse.change)}`);
    // Other wording of the same question gets the same figures.
    const other = (await ask('business', 'Why are our Snowflake costs higher than last month?')).body as Answer;
    expect(other.passages[0]?.link).toBe('/app/snowflake/cost');
  });

  test('someone who may not open the Cost page, or another question, gets the usual answer', async () => {
    for (const [username, question] of [
      ['engineer', 'why did my snowflake bill go up this month?'],
      ['admin', 'how do I read the lineage graph?'],
    ] as const) {
      const answer = await ask(username, question);
      expect(answer.status).toBe(200);
      expect((answer.body as Answer).passages.map((passage) => passage.link)).not.toContain('/app/snowflake/cost');
    }
  });
});
