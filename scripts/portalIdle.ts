// For the benchmarks that start their own portal: a first start on an empty data directory spends
// its first half minute or so of CPU building the sample warehouses, filling the usage copies and
// ingesting the sample dbt projects, in the background after /api/health already answers. Figures
// taken then measure that work as much as the request. `untilIdle` waits until the process has
// used less than `share` of one core over a whole `windowMs` (its CPU time from /proc, Linux only).
import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** The process's user + system CPU time so far, in milliseconds. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, hence the last ')'): state is field 3,
  // utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export async function untilIdle(
  pid: number,
  { share = 0.05, windowMs = 3000, timeoutMs = 300_000 }: { share?: number; windowMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if (cpuMsOf(pid) - before <= share * windowMs) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the portal (pid ${pid}) was still busy after ${timeoutMs} ms`);
  }
}
