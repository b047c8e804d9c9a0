// A parse worker (a child process of the portal, parserPool.ts): it loads the parser's
// WebAssembly once and answers one trace request per message, so parsing never runs on the
// portal's request thread. It ends with its parent.
import * as polyglot from '@polyglot-sql/sdk';
import { traceModel, type LineageParser, type TraceRequest, type TraceResult } from './traceModel.js';

interface Job {
  id: number;
  request: TraceRequest;
}

const ready = polyglot.init();

process.on('message', (job: Job) => {
  void ready.then(
    () => {
      let result: TraceResult;
      try {
        result = traceModel(polyglot as unknown as LineageParser, job.request);
      } catch (error) {
        result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
      process.send?.({ id: job.id, result });
    },
    (error: unknown) => process.send?.({ id: job.id, result: { ok: false, reason: `the SQL parser did not start: ${String(error)}` } }),
  );
});

// Orphaned (the portal ended without closing the pool): stop too.
process.on('disconnect', () => process.exit(0));
