// Jest global setup: the migrated store template the server tests copy (buildStoreTemplate.ts).
// It is kept in the system's temporary folder under a name made from every migration file, so a
// later run with the same migrations reuses it and a changed migration builds a new one. Workers
// find it through DATAWORKS_TEST_STORE_TEMPLATE (they inherit this process's environment).
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function migrationFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...migrationFiles(full));
    else if (/[\\/]migrations[\\/]/.test(full) && full.endsWith('.ts')) found.push(full);
  }
  return found;
}

module.exports = async function storeTemplate() {
  const hash = createHash('sha256');
  const files = migrationFiles(path.join(root, 'server', 'src')).sort();
  for (const file of [...files, path.join(root, 'package-lock.json')]) hash.update(file).update(fs.readFileSync(file));
  const dir = path.join(os.tmpdir(), `dataworks-test-store-${hash.digest('hex').slice(0, 16)}`);
  if (!fs.existsSync(path.join(dir, 'store.tar'))) {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'buildStoreTemplate.ts'), dir], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  process.env.DATAWORKS_TEST_STORE_TEMPLATE = dir;
};
