// A worker thread that parses compiled SQL: it loads the parser's WebAssembly once and answers
// one trace request per message, so parsing never runs on the portal's request thread.
import { parentPort } from 'node:worker_threads';
import * as polyglot from '@polyglot-sql/sdk';
import { traceModel, type LineageParser, type TraceRequest, type TraceResult } from './traceModel.js';

interface Job {
  id: number;
  request: TraceRequest;
}

const ready = polyglot.init();

parentPort?.on('message', (job: Job) => {
  void ready.then(
    () => {
      let result: TraceResult;
      try {
        result = traceModel(polyglot as unknown as LineageParser, job.request);
      } catch (error) {
        result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
      parentPort?.postMessage({ id: job.id, result });
    },
    (error: unknown) =>
      parentPort?.postMessage({ id: job.id, result: { ok: false, reason: `the SQL parser did not start: ${String(error)}` } }),
  );
});
