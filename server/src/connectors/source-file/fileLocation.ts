// Where a file comes from, and the checks before it is opened. A portal user configures this
// source, but it runs on the portal's server, so a path must not reach anything else there: local
// files are read only inside the directory the platform names in DATAWORKS_CONNECTOR_FILES_DIR
// (symbolic links resolved before the check), and without it only URLs are accepted. URLs go
// through the network policy, and so does every redirect, which is followed by hand for that reason;
// each connection goes to the address the policy checked (kit/pinnedHttp.ts).
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError } from '../kit/connectorKit.js';
import { pinnedGet, type PinnedResponse } from '../kit/pinnedHttp.js';
import type { FileSourceConfig } from './fileSpec.js';

const MAX_REDIRECTS = 5;

export const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/** The file's name as the stream is named by default. */
export function fileBaseName(location: string): string {
  const name = isUrl(location) ? decodeURIComponent(new URL(location).pathname.split('/').pop() ?? '') : path.basename(location);
  return name.replace(/\.(csv|tsv|jsonl|ndjson|json|txt)$/i, '');
}

async function localFile(location: string): Promise<Readable> {
  const root = process.env.DATAWORKS_CONNECTOR_FILES_DIR;
  if (!root) throw new ConfigError('Reading files from the server is not enabled here; give an http(s) URL.');
  if (path.isAbsolute(location))
    throw new ConfigError(`"${location}" is an absolute path; give a path inside the file area (for example sales/2026-01.csv).`);
  let real: string;
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
    real = await fs.realpath(path.join(realRoot, location));
  } catch {
    throw new ConfigError(`There is no file "${location}" in the file area.`);
  }
  if (!real.startsWith(`${realRoot}${path.sep}`)) throw new ConfigError(`"${location}" is outside the file area.`);
  if (!(await fs.stat(real)).isFile()) throw new ConfigError(`"${location}" is not a file.`);
  return createReadStream(real);
}

async function remoteFile(location: string, timeoutMs: number): Promise<Readable> {
  let url = new URL(location);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new ConfigError(`${url.protocol} URLs are not read; give an http(s) URL.`);
    const controller = new AbortController();
    // The time-out covers the wait for the answer to start; a large file may take longer to arrive.
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: PinnedResponse;
    try {
      response = await pinnedGet(url, {}, controller.signal);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const reason = controller.signal.aborted
        ? `no answer within ${timeoutMs / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      throw new ConfigError(`Could not read ${url.origin}${url.pathname}: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    if (response.status >= 300 && response.status < 400 && response.header('location')) {
      response.body.resume();
      url = new URL(response.header('location') ?? '', url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      response.body.resume();
      throw new ConfigError(`Could not read ${url.origin}${url.pathname}: the server answered ${response.status} ${response.statusText}.`);
    }
    return response.body;
  }
  throw new ConfigError(`Could not read ${location}: more than ${MAX_REDIRECTS} redirects.`);
}

export function openFile(config: FileSourceConfig): Promise<Readable> {
  return isUrl(config.location) ? remoteFile(config.location, (config.request_timeout_seconds ?? 30) * 1000) : localFile(config.location);
}
