// What every connector program shipped in this repository shares: the Airbyte command line
// (`spec`, `check --config`, `discover --config`, `read --config --catalog [--state]`), reading
// those files, and writing protocol messages to stdout. A connector supplies its four operations;
// an exception becomes a TRACE error message and exit code 1, as the protocol asks.
import { readFileSync } from 'node:fs';
import type {
  AirbyteCatalog,
  AirbyteMessage,
  AirbyteStateMessage,
  ConfiguredAirbyteCatalog,
  ConnectorSpecification,
  StreamDescriptor,
} from '@common/integrations/airbyteProtocol';

export interface ReadContext<Config> {
  config: Config;
  catalog: ConfiguredAirbyteCatalog;
  /** The state each stream resumes from (per-stream states by stream name; `namespace.name` when namespaced). */
  streamState(descriptor: StreamDescriptor): Record<string, unknown> | null;
  emit: Emitter;
}

export interface Connector<Config> {
  spec: ConnectorSpecification;
  /** Throws with a message for the person configuring the connector when the config cannot work. */
  check(config: Config): Promise<void>;
  discover(config: Config): Promise<AirbyteCatalog>;
  read(context: ReadContext<Config>): Promise<void>;
}

/** A user-facing failure: the message is shown as it is (config_error), unlike an unexpected crash. */
export class ConfigError extends Error {}

// Messages are written to stdout in chunks rather than one write (one system call) per record:
// a fast source sends tens of thousands of records a second. A chunk goes out when it reaches
// OUTPUT_CHUNK_BYTES, or on the next turn of the event loop, so a slow source's records and
// states still leave at once.
const OUTPUT_CHUNK_BYTES = 256 * 1024;
let pending: string[] = [];
let pendingBytes = 0;
let flushScheduled = false;

function flushOutput(): Promise<void> {
  if (!pending.length) return Promise.resolve();
  const chunk = pending.join('');
  pending = [];
  pendingBytes = 0;
  return new Promise((resolve) => {
    // Waiting for 'drain' keeps a fast connector from buffering a whole table in memory.
    if (process.stdout.write(chunk)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

const write = (message: AirbyteMessage): Promise<void> => {
  const line = `${JSON.stringify(message)}\n`;
  pending.push(line);
  pendingBytes += line.length;
  if (pendingBytes >= OUTPUT_CHUNK_BYTES) return flushOutput();
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      void flushOutput();
    });
  }
  return Promise.resolve();
};

export const emit = {
  record: (stream: StreamDescriptor, data: Record<string, unknown>, emittedAt = Date.now()) =>
    write({
      type: 'RECORD',
      record: { stream: stream.name, ...(stream.namespace ? { namespace: stream.namespace } : {}), data, emitted_at: emittedAt },
    }),
  state: (stream: StreamDescriptor, state: Record<string, unknown>) =>
    write({ type: 'STATE', state: { type: 'STREAM', stream: { stream_descriptor: stream, stream_state: state } } }),
  log: (level: 'INFO' | 'WARN' | 'ERROR', message: string) => write({ type: 'LOG', log: { level, message } }),
  estimate: (stream: StreamDescriptor, rows: number) =>
    write({
      type: 'TRACE',
      trace: {
        type: 'ESTIMATE',
        emitted_at: Date.now(),
        estimate: { name: stream.name, ...(stream.namespace ? { namespace: stream.namespace } : {}), type: 'STREAM', row_estimate: rows },
      },
    }),
  status: (stream: StreamDescriptor, status: 'STARTED' | 'RUNNING' | 'COMPLETE' | 'INCOMPLETE') =>
    write({
      type: 'TRACE',
      trace: { type: 'STREAM_STATUS', emitted_at: Date.now(), stream_status: { stream_descriptor: stream, status } },
    }),
};
export type Emitter = typeof emit;

function flag(argv: readonly string[], name: string): string | null {
  const at = argv.indexOf(name);
  return at === -1 ? null : (argv[at + 1] ?? null);
}

function readJson(file: string | null, what: string): unknown {
  if (!file) throw new ConfigError(`The platform passed no ${what} file.`);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function stateLookup(states: unknown): ReadContext<unknown>['streamState'] {
  const list = Array.isArray(states) ? (states as AirbyteStateMessage[]) : [];
  return (descriptor) => {
    const found = list.find(
      (state) =>
        state.stream?.stream_descriptor.name === descriptor.name &&
        (state.stream.stream_descriptor.namespace ?? null) === (descriptor.namespace ?? null),
    );
    return (found?.stream?.stream_state as Record<string, unknown> | undefined) ?? null;
  };
}

/** Runs the connector for this process's command line and exits. */
export function runConnectorProgram<Config>(connector: Connector<Config>): void {
  const [operation, ...argv] = process.argv.slice(2);
  const run = async () => {
    switch (operation) {
      case 'spec':
        return write({ type: 'SPEC', spec: connector.spec });
      case 'check': {
        const config = readJson(flag(argv, '--config'), 'config') as Config;
        try {
          await connector.check(config);
          return write({ type: 'CONNECTION_STATUS', connectionStatus: { status: 'SUCCEEDED' } });
        } catch (error) {
          return write({
            type: 'CONNECTION_STATUS',
            connectionStatus: { status: 'FAILED', message: error instanceof Error ? error.message : String(error) },
          });
        }
      }
      case 'discover':
        return write({ type: 'CATALOG', catalog: await connector.discover(readJson(flag(argv, '--config'), 'config') as Config) });
      case 'read': {
        const stateFile = flag(argv, '--state');
        return connector.read({
          config: readJson(flag(argv, '--config'), 'config') as Config,
          catalog: readJson(flag(argv, '--catalog'), 'catalog') as ConfiguredAirbyteCatalog,
          streamState: stateLookup(stateFile ? readJson(stateFile, 'state') : []),
          emit,
        });
      }
      default:
        throw new ConfigError(`Unknown operation "${operation ?? ''}"; expected spec, check, discover or read.`);
    }
  };
  // Everything written reaches the pipe before the process ends.
  const flushed = async () => {
    await flushOutput();
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  };
  run().then(
    async () => {
      await flushed();
      process.exit(0);
    },
    async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      await write({
        type: 'TRACE',
        trace: {
          type: 'ERROR',
          emitted_at: Date.now(),
          error: {
            message,
            failure_type: error instanceof ConfigError ? 'config_error' : 'system_error',
            stack_trace: error instanceof Error ? error.stack : undefined,
          },
        },
      });
      await flushed();
      process.exit(1);
    },
  );
}
