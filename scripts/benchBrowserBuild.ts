// The benchmarks that run a portal in this process time its API and live stream, not the browser
// app, so they serve a stand-in for the browser build: the two files the portal reads at start.
// Without it they would depend on a build left behind by an earlier test run.
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Writes an index page and an empty base config into `dir` (created if missing) and returns it. */
export async function standInBrowserBuild(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Dataworks</title>');
  await fs.writeFile(path.join(dir, 'config.json'), '{}');
  return dir;
}
