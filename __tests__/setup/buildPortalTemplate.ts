// Builds the settled portal test portals start from (__tests__/server/portalTemplate.ts): one
// portal, started as a test portal is, on the migrated store, left running until its start-up
// work has finished, then stopped; its data directory is the template. Run by the global setup
// (templates.cjs) in a process of its own, in the background: suites that start before it is
// done start from the migrated store.
//
// "Finished" is read from the processes: the portal and its children (column lineage workers)
// using next to no CPU for three seconds in a row. A template taken too early is still a valid
// data directory (a portal finishes what is missing at its next start); it only saves less.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { startPortal } from '../server/api/portalServer';
import { TEMPLATE_ENV } from '../server/portalTemplate';

const QUIET_TICKS_PER_SECOND = 10; // a tenth of a core: timers and the live channel's heartbeat
const QUIET_SECONDS = 3;
const LONGEST_MS = 150_000;

/** CPU ticks used so far by a process and every process below it (exited children included). */
async function treeTicks(root: number): Promise<number> {
  const stats: Array<{ pid: number; ppid: number; ticks: number }> = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const text = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime cutime cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 15) continue;
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    stats.push({ pid: Number(name), ppid: Number(fields[1]), ticks });
  }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const stat of stats) {
      if (!inTree.has(stat.pid) && inTree.has(stat.ppid)) {
        inTree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0);
}

async function build(target: string): Promise<void> {
  const building = `${target}.building-${process.pid}`;
  await fs.rm(building, { recursive: true, force: true });
  await fs.mkdir(path.join(building, 'data'), { recursive: true });
  // A mark beside the data: a folder removed during the build and made again by the portal's
  // writes lacks it, holds only what came after, and must not become the template.
  const mark = path.join(building, 'build-started');
  await fs.writeFile(mark, String(process.pid));
  const started = Date.now();
  const portal = await startPortal({ env: TEMPLATE_ENV, fromTemplate: false, dataDir: path.join(building, 'data') });
  try {
    let previous = await treeTicks(portal.pid);
    let quiet = 0;
    while (quiet < QUIET_SECONDS && Date.now() - started < LONGEST_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = await treeTicks(portal.pid);
      quiet = now - previous < QUIET_TICKS_PER_SECOND ? quiet + 1 : 0;
      previous = now;
    }
  } finally {
    await portal.stop();
  }
  if (!(await fs.stat(mark).catch(() => null))) {
    await fs.rm(building, { recursive: true, force: true });
    throw new Error(`${building} was removed during the build; no template kept`);
  }
  // Another run may have built the same template meanwhile: either will do.
  await fs.rename(building, target).catch(async () => fs.rm(building, { recursive: true, force: true }));
  console.log(`portal template built in ${Date.now() - started} ms: ${target}`);
}

const target = process.argv[2] ?? '';
build(target)
  .then(
    () => 0,
    (error: unknown) => {
      console.error(error);
      return 1;
    },
  )
  .then(async (code) => {
    await fs.rm(`${target}.lock`, { force: true });
    process.exit(code);
  });
