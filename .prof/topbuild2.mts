import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { Sql } from '../server/src/platform/warehouse/sql.js';
const engine = await openDuckDbEngine(process.argv[2] as string, { limits: { memoryLimit: '256MB', tempLimit: '10GB' } });
const q = (t: string) => engine.query(Sql.of(t, []));
const E = `E AS (SELECT CAST(START_TIME AS DATE) AS DAY, list_min(max(CREDITS, 200)) AS CE, list_min(max(TOTAL_ELAPSED_TIME, 200)) AS EE FROM DATAWORKS.QUERY_COST GROUP BY 1)`;
const variants: Record<string, string> = {
  original: `WITH ${E} SELECT Q.* FROM DATAWORKS.QUERY_COST Q JOIN E ON E.DAY = CAST(Q.START_TIME AS DATE) WHERE Q.CREDITS >= E.CE OR Q.TOTAL_ELAPSED_TIME >= E.EE`,
  narrowIds: `WITH ${E}, K AS (SELECT Q.QUERY_ID FROM DATAWORKS.QUERY_COST Q JOIN E ON E.DAY = CAST(Q.START_TIME AS DATE) WHERE Q.CREDITS >= E.CE OR Q.TOTAL_ELAPSED_TIME >= E.EE)
    SELECT * FROM DATAWORKS.QUERY_COST WHERE QUERY_ID IN (SELECT QUERY_ID FROM K)`,
};
for (const [name, text] of Object.entries(variants)) {
  for (const order of ['', ' ORDER BY START_TIME']) {
    await q('DROP TABLE IF EXISTS DATAWORKS.T_EXP');
    const s = Date.now();
    await engine.transaction((tx) => tx.query(Sql.of(`CREATE TABLE DATAWORKS.T_EXP AS SELECT * FROM (${text})${order}`, [])));
    console.log(name, order, Date.now() - s, 'ms');
  }
}
await q('DROP TABLE IF EXISTS DATAWORKS.T_EXP');
await engine.close();
