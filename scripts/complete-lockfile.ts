// `npm run lockfile:complete`: records in package-lock.json the platform-specific optional
// packages (native bindings for other systems) that npm left out because the registry it
// used did not carry that exact version. Without them `npm ci` refuses the lockfile as out of
// sync with package.json. Each entry gets the version the parent asks for and the os/cpu/libc
// of that package, so `npm ci` skips it on other systems and fetches it on its own.
// Run it after `npm install` whenever dependencies change.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

/** Where npm looks for `name` required from the package at `from` (nested first, then hoisted). */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const json = execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', '--json'], { encoding: 'utf8' });
  const fields = JSON.parse(json || '{}') as Pick<LockEntry, 'os' | 'cpu' | 'libc'>;
  return {
    ...(fields.os ? { os: fields.os } : {}),
    ...(fields.cpu ? { cpu: fields.cpu } : {}),
    ...(fields.libc ? { libc: fields.libc } : {}),
  };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) {
      console.warn(`skipped ${name}: not a platform-specific package`);
      continue;
    }
    packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added += 1;
    console.log(`recorded ${name}@${version} (${[...(platform.os ?? []), ...(platform.cpu ?? [])].join(' ')})`);
  }
}

// npm writes packages in path order; keep that so later installs leave a small diff.
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform package(s) recorded in ${lockPath}`);
