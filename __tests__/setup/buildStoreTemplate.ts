// Builds the migrated portal store the server tests start from (run by storeTemplate.cjs, jest's
// global setup, in a process of its own). A new PGlite database spends about three seconds in
// initdb and the migrations; a copy of this one opens in a fraction of that. Two forms:
//   <dir>/data/store  a closed file-based store, copied into a test portal's data directory;
//   <dir>/store.tar   a dump of the same database, loaded by in-memory test stores.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openPortalStore } from '../../server/src/app/portalStore';

async function main(target: string): Promise<void> {
  const building = `${target}.building-${process.pid}`;
  await fs.rm(building, { recursive: true, force: true });
  const store = await openPortalStore({ dataDir: path.join(building, 'data') });
  await store.close();
  const { PGlite } = await import('@electric-sql/pglite');
  const copy = await PGlite.create(path.join(building, 'data', 'store'));
  const dump = await copy.dumpDataDir('none');
  await copy.close();
  await fs.writeFile(path.join(building, 'store.tar'), Buffer.from(await dump.arrayBuffer()));
  // Another run may have built the same template meanwhile: either copy will do.
  await fs.rename(building, target).catch(async () => fs.rm(building, { recursive: true, force: true }));
}

main(process.argv[2] ?? '').then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
