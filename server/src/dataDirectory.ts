// The data directory holds the portal store, the warehouse files, keys, sessions and uploads:
// nobody but the account the portal runs as may read or change any of it. At start the process
// sets its umask to 077, so everything it (and the identity server and connector programs it
// starts) creates from then on is owner-only whatever the shell's umask was; the directory is
// made 0700, and anything an earlier start left readable by others is tightened. PGlite (the
// embedded store) sets its own files' modes (0666) whatever the umask: those inside the 0700
// folders are out of other accounts' reach all the same, and each start tightens them.
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Permission bits for group and others. */
const SHARED_BITS = 0o077;

export async function makeDataDirectoryPrivate(dataDir: string): Promise<{ tightened: number }> {
  process.umask(SHARED_BITS);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = async (entry: string) => {
    const stat = await fs.lstat(entry);
    // A symbolic link's own mode means nothing; what it points to may be outside the directory.
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      await fs.chmod(entry, stat.mode & 0o700);
      tightened += 1;
    }
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(entry)) await visit(path.join(entry, name));
    }
  };
  await visit(dataDir);
  return { tightened };
}
