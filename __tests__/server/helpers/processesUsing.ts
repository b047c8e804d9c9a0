// Whether any process on this machine could still write into a folder: one whose working folder,
// open files or command line lie inside it. After a portal has exited, none must be left, which
// proves "nothing writes afterwards" at once instead of watching the folder for a while.
import { promises as fs } from 'node:fs';
import path from 'node:path';

const inside = (dir: string, target: string) => target === dir || target.startsWith(`${dir}${path.sep}`);

/** "pid: what" for each process (other than this one) that holds or names something under `dir` (Linux /proc). */
export async function processesUsing(dir: string): Promise<string[]> {
  const root = path.resolve(dir);
  const found: string[] = [];
  for (const pid of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const base = path.join('/proc', pid);
    // A process can end while it is looked at: whatever cannot be read any more is passed over.
    const read = async <T>(probe: () => Promise<T>): Promise<T | undefined> => probe().catch(() => undefined);
    const cwd = await read(() => fs.readlink(path.join(base, 'cwd')));
    if (cwd && inside(root, cwd)) found.push(`${pid}: works in ${cwd}`);
    const command = await read(() => fs.readFile(path.join(base, 'cmdline'), 'utf8'));
    if (command?.includes(root)) found.push(`${pid}: runs ${command.replaceAll('\0', ' ').trim()}`);
    for (const fd of (await read(() => fs.readdir(path.join(base, 'fd')))) ?? []) {
      const target = await read(() => fs.readlink(path.join(base, 'fd', fd)));
      if (target && inside(root, target)) found.push(`${pid}: has ${target} open`);
    }
  }
  return found;
}
