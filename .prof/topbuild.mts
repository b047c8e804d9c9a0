import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { Sql } from '../server/src/platform/warehouse/sql.js';
const engine = await openDuckDbEngine(process.argv[2] as string, { limits: { memoryLimit: '256MB', tempLimit: '10GB' } });
const q = (t: string) => engine.query(Sql.of(t, []));
const variants: Record<string, string> = {
  narrowIds: `WITH E AS (SELECT CAST(START_TIME AS DATE) AS DAY, list_min(max(CREDITS, 200)) AS CE, list_min(max(TOTAL_ELAPSED_TIME, 200)) AS EE FROM DATAWORKS.QUERY_COST GROUP BY 1),
    K AS (SELECT Q.QUERY_ID FROM DATAWORKS.QUERY_COST Q JOIN E ON E.DAY = CAST(Q.START_TIME AS DATE) WHERE Q.CREDITS >= E.CE OR Q.TOTAL_ELAPSED_TIME >= E.EE)
    SELECT * FROM DATAWORKS.QUERY_COST WHERE QUERY_ID IN (SELECT QUERY_ID FROM K)`,
  globalPrefilter: `WITH E AS (SELECT CAST(START_TIME AS DATE) AS DAY, list_min(max(CREDITS, 200)) AS CE, list_min(max(TOTAL_ELAPSED_TIME, 200)) AS EE FROM DATAWORKS.QUERY_COST GROUP BY 1),
    M AS (SELECT MIN(CE) AS CE, MIN(EE) AS EE FROM E)
    SELECT Q.* FROM DATAWORKS.QUERY_COST Q JOIN E ON E.DAY = CAST(Q.START_TIME AS DATE)
    WHERE (Q.CREDITS >= (SELECT CE FROM M) OR Q.TOTAL_ELAPSED_TIME >= (SELECT EE FROM M)) AND (Q.CREDITS >= E.CE OR Q.TOTAL_ELAPSED_TIME >= E.EE)`,
  edgesOnly: `SELECT CAST(START_TIME AS DATE) AS DAY, list_min(max(CREDITS, 200)) AS CE, list_min(max(TOTAL_ELAPSED_TIME, 200)) AS EE FROM DATAWORKS.QUERY_COST GROUP BY 1`,
};
for (const [name, text] of Object.entries(variants)) {
  const s = Date.now();
  const rows = await q(`SELECT COUNT(*) AS n FROM (${text})`);
  console.log(name, Date.now() - s, 'ms', rows[0]);
}
await engine.close();
