// A small pool of parse workers (parseWorker.ts). The column lineage job hands it one model at a
// time; the workers start on the first request and stop once the pool is closed, so an idle
// portal holds no parser in memory.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TraceRequest, TraceResult } from './traceModel.js';

export interface ParserPool {
  trace(request: TraceRequest): Promise<TraceResult>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (result: TraceResult) => void;
  reject: (error: Error) => void;
}

/**
 * `projectRoot` holds package.json and node_modules: the worker is TypeScript, run with tsx's
 * loader as `npm start` runs the portal. At most `size` workers (default: one per core, at most 4).
 */
export function createParserPool(projectRoot: string, size = Math.min(4, Math.max(1, os.availableParallelism()))): ParserPool {
  const program = path.join(projectRoot, 'server/src/features/column-lineage/engine/parseWorker.ts');
  const loader = pathToFileURL(createRequire(path.join(projectRoot, 'package.json')).resolve('tsx')).href;
  const workers: Array<{ worker: Worker; busy: number }> = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;

  function start(): { worker: Worker; busy: number } {
    const worker = new Worker(program, { execArgv: ['--import', loader], resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const entry = { worker, busy: 0 };
    worker.on('message', (message: { id: number; result: TraceResult }) => {
      entry.busy -= 1;
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      waiting?.resolve(message.result);
    });
    worker.on('error', (error) => failAll(entry, error));
    worker.on('exit', (code) => {
      if (!closed) failAll(entry, new Error(`a SQL parse worker stopped (exit code ${code})`));
    });
    workers.push(entry);
    return entry;
  }

  // A worker that dies takes its requests with it; they fail (the job retries), later ones start a new worker.
  const owners = new Map<number, { worker: Worker }>();
  function failAll(entry: { worker: Worker }, error: Error): void {
    const index = workers.indexOf(entry as { worker: Worker; busy: number });
    if (index !== -1) workers.splice(index, 1);
    for (const [id, owner] of owners) {
      if (owner !== entry) continue;
      owners.delete(id);
      pending.get(id)?.reject(error);
      pending.delete(id);
    }
  }

  function leastBusy(): { worker: Worker; busy: number } {
    if (workers.length < size) {
      const idle = workers.find((entry) => entry.busy === 0);
      if (idle) return idle;
      return start();
    }
    return workers.reduce((best, entry) => (entry.busy < best.busy ? entry : best));
  }

  return {
    trace(request) {
      if (closed) return Promise.reject(new Error('the SQL parser pool is closed'));
      const entry = leastBusy();
      const id = nextId++;
      entry.busy += 1;
      owners.set(id, entry);
      return new Promise<TraceResult>((resolve, reject) => {
        pending.set(id, {
          resolve: (result) => {
            owners.delete(id);
            resolve(result);
          },
          reject,
        });
        entry.worker.postMessage({ id, request });
      });
    },
    async close() {
      closed = true;
      await Promise.all(workers.map((entry) => entry.worker.terminate()));
      workers.length = 0;
      for (const waiting of pending.values()) waiting.reject(new Error('the SQL parser pool was closed'));
      pending.clear();
    },
  };
}
