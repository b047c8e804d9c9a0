// A small pool of parse workers (parseWorker.ts), each a child process. The column lineage job
// hands it one model at a time; workers start on demand and stop when the job closes the pool.
// Why processes and not threads: with V8's optimising tier the parser's 22 MB of WebAssembly grows
// each instance by hundreds of megabytes of machine code (two workers and the portal peaked at
// 1.8 GB over 2,000 models), and only a process can be told to keep to the baseline compiler
// (`--liftoff-only`: 428 MB for the same run, about a third slower). A process also gives all of
// its memory back when it ends, and the portal's own heap stays untouched.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import type { TraceRequest, TraceResult } from './traceModel.js';

export interface ParserPool {
  trace(request: TraceRequest): Promise<TraceResult>;
  close(): Promise<void>;
}

interface Entry {
  worker: ChildProcess;
  busy: number;
  waiting: Map<number, { resolve: (result: TraceResult) => void; reject: (error: Error) => void }>;
}

/**
 * `projectRoot` holds package.json and node_modules: the worker is TypeScript, run with tsx's
 * loader as `npm start` runs the portal. At most `size` workers (default: one per core, at most 4).
 */
export function createParserPool(projectRoot: string, size = Math.min(4, Math.max(1, os.availableParallelism()))): ParserPool {
  const program = path.join(projectRoot, 'server/src/features/column-lineage/engine/parseWorker.ts');
  const loader = pathToFileURL(createRequire(path.join(projectRoot, 'package.json')).resolve('tsx')).href;
  const workers: Entry[] = [];
  let nextId = 0;
  let closed = false;

  function retire(entry: Entry, error?: Error): void {
    const index = workers.indexOf(entry);
    if (index !== -1) workers.splice(index, 1);
    // A worker that dies takes its requests with it: they fail (the job retries).
    for (const waiting of entry.waiting.values()) waiting.reject(error ?? new Error('a SQL parse worker stopped'));
    entry.waiting.clear();
    entry.worker.kill();
  }

  function start(): Entry {
    const worker = fork(program, [], {
      execArgv: ['--liftoff-only', '--max-old-space-size=256', '--import', loader],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const entry: Entry = { worker, busy: 0, waiting: new Map() };
    worker.on('message', (message: { id: number; result: TraceResult }) => {
      entry.busy -= 1;
      entry.waiting.get(message.id)?.resolve(message.result);
      entry.waiting.delete(message.id);
    });
    worker.on('error', (error) => retire(entry, error));
    worker.on('exit', (code) => {
      if (!closed) retire(entry, new Error(`a SQL parse worker stopped (exit code ${code})`));
    });
    workers.push(entry);
    return entry;
  }

  function pick(): Entry {
    const idle = workers.find((entry) => entry.busy === 0);
    if (idle) return idle;
    if (workers.length < size) return start();
    return workers.reduce((best, entry) => (entry.busy < best.busy ? entry : best));
  }

  return {
    trace(request) {
      if (closed) return Promise.reject(new Error('the SQL parser pool is closed'));
      const entry = pick();
      const id = nextId++;
      entry.busy += 1;
      return new Promise<TraceResult>((resolve, reject) => {
        entry.waiting.set(id, { resolve, reject });
        entry.worker.send({ id, request });
      });
    },
    async close() {
      closed = true;
      const stopping = workers.splice(0);
      for (const entry of stopping) {
        for (const waiting of entry.waiting.values()) waiting.reject(new Error('the SQL parser pool was closed'));
      }
      await Promise.all(
        stopping.map(
          (entry) =>
            new Promise<void>((resolve) => {
              if (entry.worker.exitCode !== null || entry.worker.signalCode !== null) return resolve();
              entry.worker.once('exit', () => resolve());
              entry.worker.kill();
            }),
        ),
      );
    },
  };
}
