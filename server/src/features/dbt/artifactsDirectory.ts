// The watched directory (DBT_ARTIFACTS_DIR), for dbt jobs that write to shared storage instead
// of calling the upload API: one folder per organisation id, holding manifest.json and, when
// the run wrote them, run_results.json, sources.json and catalog.json. A set is ingested once
// its files have stopped changing (same sizes and times over STABLE_MS), and once only: what
// was ingested is remembered under the data directory, so a restart does not ingest it again.
// fs.watch notices new files at once; a scan every SCAN_MS catches what it misses (network
// file systems, editors that replace directories).
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbtService } from './dbtService.js';
import type { ArtifactSet } from './ingest.js';
import { readArtifactFile } from './artifacts/readJson.js';

const STABLE_MS = 2_000;
const SCAN_MS = 30_000;
const ORGANISATION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const FILES = { manifest: 'manifest.json', run_results: 'run_results.json', sources: 'sources.json', catalog: 'catalog.json' } as const;

export interface ArtifactsDirectoryWatcher {
  /** Looks at every organisation's folder now (tests call it instead of waiting). */
  scan(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  directory: string;
  stateFile: string;
  service: DbtService;
  log: FastifyBaseLogger;
  stableMs?: number;
  scanMs?: number;
  /** The clock a set's stability is measured by (tests move it instead of waiting). */
  now?: () => number;
}

async function fingerprint(folder: string): Promise<string | null> {
  const parts: string[] = [];
  for (const name of Object.values(FILES)) {
    const stat = await fs.stat(path.join(folder, name)).catch(() => null);
    if (name === FILES.manifest && !stat?.isFile()) return null;
    if (stat?.isFile()) parts.push(`${name}:${stat.size}:${stat.mtimeMs}`);
  }
  return parts.join('|');
}

export async function watchArtifactsDirectory(options: Options): Promise<ArtifactsDirectoryWatcher> {
  const stableMs = options.stableMs ?? STABLE_MS;
  const now = options.now ?? Date.now;
  const { directory, service, log } = options;
  await fs.mkdir(directory, { recursive: true });
  const ingested: Record<string, string> = JSON.parse(await fs.readFile(options.stateFile, 'utf8').catch(() => '{}')) as Record<
    string,
    string
  >;
  const candidates = new Map<string, { print: string; since: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  let scanning: Promise<void> | null = null;

  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void scan();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const ingestFolder = async (organisation: string, folder: string, print: string) => {
    try {
      const set: ArtifactSet = { manifest: await readArtifactFile(path.join(folder, FILES.manifest), 'manifest') };
      for (const part of ['run_results', 'sources', 'catalog'] as const) {
        const file = path.join(folder, FILES[part]);
        if (
          await fs.stat(file).then(
            (stat) => stat.isFile(),
            () => false,
          )
        )
          set[part] = await readArtifactFile(file, part);
      }
      await service.ingest(set, {
        organisation,
        origin: 'directory',
        actor: { organisation, subject: 'portal:directory', username: 'watched directory' },
      });
    } catch (error) {
      // A refused set is not tried again until its files change.
      log.warn(
        { organisation, folder, reason: error instanceof Error ? error.message : String(error) },
        'dbt artifacts in the watched directory were not ingested',
      );
    }
    ingested[organisation] = print;
    await fs.writeFile(options.stateFile, JSON.stringify(ingested, null, 2));
  };

  const scanNow = async () => {
    const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (closed) return;
      if (!entry.isDirectory() || !ORGANISATION_ID.test(entry.name)) continue;
      const folder = path.join(directory, entry.name);
      const print = await fingerprint(folder);
      if (!print || ingested[entry.name] === print) continue;
      const candidate = candidates.get(entry.name);
      if (candidate?.print === print && now() - candidate.since >= stableMs) {
        candidates.delete(entry.name);
        await ingestFolder(entry.name, folder, print);
      } else {
        if (candidate?.print !== print) candidates.set(entry.name, { print, since: now() });
        later(stableMs);
      }
    }
  };

  // One scan at a time; a request during a scan runs once more after it.
  let again = false;
  const scan = async (): Promise<void> => {
    if (scanning) {
      again = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        again = false;
        await scanNow().catch((error: unknown) => log.error({ err: error }, 'could not scan the dbt artifacts directory'));
      } while (again && !closed);
    })();
    try {
      await scanning;
    } finally {
      scanning = null;
    }
  };

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(directory, { recursive: true }, () => later(200));
    watcher.on('error', (error) => log.warn({ err: error }, 'watching the dbt artifacts directory failed; periodic scans continue'));
  } catch (error) {
    log.warn({ err: error }, 'the dbt artifacts directory cannot be watched; it is scanned periodically instead');
  }
  const interval = setInterval(() => void scan(), options.scanMs ?? SCAN_MS);
  interval.unref();
  void scan();
  log.info({ directory }, 'watching for dbt artifacts (one folder per organisation id)');

  return {
    scan,
    async close() {
      closed = true;
      watcher?.close();
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      await scanning;
    },
  };
}
