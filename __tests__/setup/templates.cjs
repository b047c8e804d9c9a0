// Jest global setup: what the server tests start from, built once and kept in the system's
// temporary folder under a name made from what it depends on, so a later run reuses it.
//  - The migrated store (buildStoreTemplate.ts), named after every migration file and the
//    lockfile; built before any test runs. Workers find it through DATAWORKS_TEST_STORE_TEMPLATE.
//  - The settled portal (buildPortalTemplate.ts, read by __tests__/server/portalTemplate.ts),
//    named after the server's code, the test helpers that start it and the day (its sample data
//    is dated from when it was generated). Built in the background: suites that start before it is
//    ready start from the migrated store. Workers find it through DATAWORKS_TEST_PORTAL_TEMPLATE.
// Workers inherit this process's environment.
const { execFileSync, spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function filesUnder(dir, keep = () => true) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, keep));
    else if (keep(full)) found.push(full);
  }
  return found.sort();
}

function digest(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function storeTemplate() {
  const migrations = filesUnder(path.join(root, 'server', 'src'), (file) => /[\\/]migrations[\\/]/.test(file) && file.endsWith('.ts'));
  const dir = path.join(os.tmpdir(), `dataworks-test-store-${digest([...migrations, path.join(root, 'package-lock.json')])}`);
  if (!fs.existsSync(path.join(dir, 'store.tar'))) {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'buildStoreTemplate.ts'), dir], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  return dir;
}

/** Whether a process with this id is running. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where the settled portal of this code and this day lives (it may not be built yet). */
function portalTemplateDir() {
  const inputs = [
    ...filesUnder(path.join(root, 'server')),
    ...filesUnder(path.join(root, 'common')),
    path.join(root, 'package-lock.json'),
    path.join(root, '__tests__', 'server', 'api', 'portalServer.ts'),
    path.join(root, '__tests__', 'server', 'portalTemplate.ts'),
    path.join(root, '__tests__', 'server', 'identity', 'identityServer.ts'),
    path.join(__dirname, 'buildPortalTemplate.ts'),
  ];
  const day = new Date().toISOString().slice(0, 10);
  return path.join(os.tmpdir(), `dataworks-test-portal-${digest(inputs)}-${day}`);
}

/** Whether the settled portal of this code and this day is built. */
function portalTemplateReady(dir = portalTemplateDir()) {
  return fs.existsSync(path.join(dir, 'data'));
}

function portalTemplate(storeDir) {
  const dir = portalTemplateDir();
  const name = path.basename(dir);
  if (portalTemplateReady(dir)) return dir;

  // One build at a time: a run that finds another's build under way leaves it be.
  const lock = `${dir}.lock`;
  try {
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    if (alive(holder)) return dir;
    fs.rmSync(lock, { force: true });
  } catch {
    // no lock: build
  }
  // Templates of other code or other days are of no further use (each is about 200 MB). A build
  // still under way (another run's, of other code) is left to finish: removed beneath its portal,
  // it would go on writing into a folder of nothing but what came after.
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith('dataworks-test-portal-') || entry.startsWith(name)) continue;
    const builder = /\.building-(\d+)$/.exec(entry)?.[1];
    if (builder && alive(Number(builder))) continue;
    if (entry.endsWith('.lock') && alive(Number(fs.readFileSync(path.join(os.tmpdir(), entry), 'utf8')))) continue;
    fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  const log = fs.openSync(`${dir}.log`, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'buildPortalTemplate.ts'), dir], {
    cwd: root,
    env: { ...process.env, DATAWORKS_TEST_STORE_TEMPLATE: storeDir },
    detached: true,
    stdio: ['ignore', log, log],
  });
  // The build removes the lock when it ends; one left by a build that died is stale (no such process).
  fs.writeFileSync(lock, String(child.pid));
  child.unref();
  return dir;
}

module.exports = async function templates() {
  process.env.DATAWORKS_TEST_STORE_TEMPLATE = storeTemplate();
  process.env.DATAWORKS_TEST_PORTAL_TEMPLATE = portalTemplate(process.env.DATAWORKS_TEST_STORE_TEMPLATE);
};
// For the test sequencer (sequencer.cjs), which orders the run before this setup starts the build.
module.exports.portalTemplateReady = portalTemplateReady;
