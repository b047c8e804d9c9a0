// Times top queries on a kept bench:warehouse usage copy: builds QUERY_COST_DAILY_TOP (timed), then the new path and the old one.
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { sql } from '../server/src/platform/warehouse/sql.js';
import { queryCostDailyTopSelect } from '../server/src/platform/warehouse/attribution.js';
import { topQueries } from '../server/src/features/warehouse/analytics/queries.js';
import { usageDays } from '../server/src/features/warehouse/analytics/context.js';

const file = process.argv[2] as string;
const t = async (label: string, work: () => Promise<unknown>, runs = 7) => {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const s = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log(label, 'median', times[Math.floor(runs / 2)]?.toFixed(1), 'min', times[0]?.toFixed(1), 'max', times.at(-1)?.toFixed(1));
};
const engine = await openDuckDbEngine(file, { limits: { memoryLimit: '256MB', tempLimit: '10GB' } });
const context = { engine, account: engine, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } };
const range = await usageDays(context);
if (!range) throw new Error('no range');
const everything = { start: '2000-01-01 00:00:00', end: '2100-01-01 00:00:00' };
await engine.query(sql`DROP TABLE IF EXISTS DATAWORKS.QUERY_COST_DAILY_TOP`);
let s = Date.now();
await engine.transaction((tx) => tx.query(sql`CREATE TABLE DATAWORKS.QUERY_COST_DAILY_TOP AS SELECT * FROM (${queryCostDailyTopSelect(everything)}) ORDER BY START_TIME`));
console.log('build top table', Date.now() - s, 'ms', await engine.query(sql`SELECT COUNT(*) AS n FROM DATAWORKS.QUERY_COST_DAILY_TOP`));
s = Date.now();
const last3 = { start: `${range.to.slice(0, 10)} 00:00:00`, end: '2100-01-01 00:00:00' };
await engine.query(sql`SELECT COUNT(*) FROM (${queryCostDailyTopSelect(last3)})`);
console.log('one day top select', Date.now() - s, 'ms');
const filter = { range };
const a = await topQueries(context, filter, { orderBy: 'cost', limit: 100 });
const b = await topQueries(context, filter, { orderBy: 'cost', limit: 150, offset: 100 });
const c = await topQueries(context, filter, { orderBy: 'cost', limit: 250 });
console.log('same rows', JSON.stringify(c.slice(0, 100).map((q) => q.queryId)) === JSON.stringify(a.map((q) => q.queryId)), b.length);
await t('new (daily top) limit 100', () => topQueries(context, filter, { orderBy: 'cost', limit: 100 }));
await t('old (edge) limit 100 offset 150', () => topQueries(context, filter, { orderBy: 'cost', limit: 100, offset: 150 }));
await t('new duration', () => topQueries(context, filter, { orderBy: 'duration', limit: 100 }));
await t('filtered warehouse', () => topQueries(context, { range, warehouseName: 'ANALYTICS_WH' }, { orderBy: 'cost', limit: 100 }));
await engine.close();
