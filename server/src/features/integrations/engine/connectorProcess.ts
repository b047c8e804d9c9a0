// Runs one connector operation (spec, check, discover, read) as a child process speaking the
// Airbyte protocol, the way Airbyte's own platform does: config, catalog and state are handed over
// as files (`read --config config.json --catalog catalog.json --state state.json`), messages come
// back on stdout. The child gets a time-out, a memory limit, a clean environment (none of the
// portal's own settings or secrets) and its own process group, so cancelling ends everything it
// started. Connector secrets never reach a log line: they are masked in everything passed on.
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteMessage, AirbyteStateMessage, ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import { ConnectorOutputError, readMessages } from './messageReader.js';

export type ConnectorOperation = 'spec' | 'check' | 'discover' | 'read';

export interface ConnectorCommand {
  command: string;
  args: readonly string[];
  /**
   * How the memory limit is applied: `node` programs get V8's heap limit (an address-space limit
   * would stop V8 from starting), other executables an address-space limit through prlimit.
   */
  runtime: 'node' | 'executable';
  /** Extra environment for the connector (e.g. where its helper files are); never the portal's own. */
  env?: Readonly<Record<string, string>>;
}

export interface ConnectorLogLine {
  level: 'FATAL' | 'ERROR' | 'WARN' | 'INFO' | 'DEBUG' | 'TRACE';
  message: string;
  /** stderr lines are the connector's unstructured output; protocol lines are its LOG messages. */
  source: 'stderr' | 'protocol';
}

export interface ConnectorRun {
  operation: ConnectorOperation;
  config?: unknown;
  catalog?: ConfiguredAirbyteCatalog;
  /** Per-stream or global state messages to resume from (`--state`). */
  state?: readonly AirbyteStateMessage[];
  timeoutMs: number;
  memoryLimitMb: number;
  signal?: AbortSignal;
  /** Values to mask in every message and log line passed on (the config's secret fields). */
  secrets?: readonly string[];
  /** Called for each message in order; the connector waits while it runs (back-pressure). */
  onMessage(message: AirbyteMessage): Promise<void> | void;
  onLog?(line: ConnectorLogLine): void;
}

export type ConnectorFailureReason = 'timeout' | 'cancelled' | 'crashed' | 'output' | 'memory' | 'start';

export class ConnectorFailure extends Error {
  constructor(
    readonly reason: ConnectorFailureReason,
    message: string,
    readonly exitCode: number | null = null,
  ) {
    super(message);
    this.name = 'ConnectorFailure';
  }
}

/** After SIGTERM a connector gets this long to stop before SIGKILL. */
const KILL_GRACE_MS = 3000;
/** stderr lines kept to explain a crash. */
const STDERR_TAIL = 20;
const PRLIMIT = '/usr/bin/prlimit';
const MASK = '**********';

export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)) {
    masked = masked.split(secret).join(MASK);
  }
  return masked;
}

function maskMessage(message: AirbyteMessage, secrets: readonly string[]): AirbyteMessage {
  if (!secrets.length) return message;
  if (message.type === 'LOG' && message.log)
    return {
      ...message,
      log: {
        ...message.log,
        message: maskSecrets(message.log.message, secrets),
        stack_trace: message.log.stack_trace && maskSecrets(message.log.stack_trace, secrets),
      },
    };
  if (message.type === 'TRACE' && message.trace?.error) {
    const { error } = message.trace;
    return {
      ...message,
      trace: {
        ...message.trace,
        error: {
          ...error,
          message: maskSecrets(error.message, secrets),
          internal_message: error.internal_message && maskSecrets(error.internal_message, secrets),
          stack_trace: error.stack_trace && maskSecrets(error.stack_trace, secrets),
        },
      },
    };
  }
  if (message.type === 'CONNECTION_STATUS' && message.connectionStatus?.message)
    return {
      ...message,
      connectionStatus: { ...message.connectionStatus, message: maskSecrets(message.connectionStatus.message, secrets) },
    };
  return message;
}

async function writeInputs(run: ConnectorRun): Promise<{ dir: string; args: string[] }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dataworks-connector-'));
  const args: string[] = [run.operation];
  const write = async (name: string, flag: string, value: unknown) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, JSON.stringify(value), { mode: 0o600 });
    args.push(flag, file);
  };
  if (run.operation !== 'spec') await write('config.json', '--config', run.config ?? {});
  if (run.operation === 'read') {
    await write('catalog.json', '--catalog', run.catalog ?? { streams: [] });
    if (run.state?.length) await write('state.json', '--state', run.state);
  }
  return { dir, args };
}

function childCommand(command: ConnectorCommand, operationArgs: string[], memoryLimitMb: number, workDir: string) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: workDir,
    TMPDIR: workDir,
    LANG: 'C.UTF-8',
    ...command.env,
  };
  if (command.runtime === 'node') {
    env.NODE_OPTIONS = `--max-old-space-size=${memoryLimitMb}`;
    return { file: command.command, args: [...command.args, ...operationArgs], env };
  }
  if (existsSync(PRLIMIT))
    return { file: PRLIMIT, args: [`--as=${memoryLimitMb * 1024 * 1024}`, '--', command.command, ...command.args, ...operationArgs], env };
  return { file: command.command, args: [...command.args, ...operationArgs], env };
}

/**
 * Runs the operation to its end; resolves when the connector exited cleanly, throws ConnectorFailure
 * otherwise. Whatever error leaves here has every configured secret masked in its text, whatever
 * produced it: a line of output that is not a protocol message quoted in the failure, a crash's
 * stderr, or a destination's refusal quoting a record.
 */
export async function runConnector(command: ConnectorCommand, run: ConnectorRun): Promise<{ durationMs: number }> {
  try {
    return await runConnectorUnmasked(command, run);
  } catch (error) {
    throw maskError(error, run.secrets ?? []);
  }
}

/** The error with secrets masked in its message and stack (the same object, so its kind is kept). */
export function maskError(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof Error) || !secrets.length) return error;
  error.message = maskSecrets(error.message, secrets);
  if (error.stack) error.stack = maskSecrets(error.stack, secrets);
  return error;
}

async function runConnectorUnmasked(command: ConnectorCommand, run: ConnectorRun): Promise<{ durationMs: number }> {
  const secrets = run.secrets ?? [];
  const started = Date.now();
  if (run.signal?.aborted) throw new ConnectorFailure('cancelled', 'Cancelled before the connector started.');
  const inputs = await writeInputs(run);
  try {
    const child = childCommand(command, inputs.args, run.memoryLimitMb, inputs.dir);
    const process_ = spawn(child.file, child.args, { env: child.env, cwd: inputs.dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stopping: ConnectorFailure | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (failure: ConnectorFailure) => {
      if (stopping) return;
      stopping = failure;
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          if (process_.pid) process.kill(-process_.pid, signal);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const timer = setTimeout(
      () =>
        stop(
          new ConnectorFailure(
            'timeout',
            `The connector did not finish its ${run.operation} within ${Math.round(run.timeoutMs / 1000)} s and was stopped.`,
          ),
        ),
      run.timeoutMs,
    );
    const onAbort = () => stop(new ConnectorFailure('cancelled', `The ${run.operation} was cancelled.`));
    run.signal?.addEventListener('abort', onAbort, { once: true });

    const stderrTail: string[] = [];
    let stderrRest = '';
    process_.stderr.setEncoding('utf8');
    process_.stderr.on('data', (chunk: string) => {
      const lines = (stderrRest + chunk).split('\n');
      stderrRest = lines.pop() ?? '';
      for (const raw of lines) {
        const line = maskSecrets(raw, secrets).trimEnd();
        if (!line) continue;
        stderrTail.push(line);
        if (stderrTail.length > STDERR_TAIL) stderrTail.shift();
        run.onLog?.({ level: 'INFO', message: line, source: 'stderr' });
      }
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      process_.on('error', (error) => reject(new ConnectorFailure('start', `The connector could not be started: ${error.message}`)));
      process_.on('close', (code, signal) => resolve({ code, signal }));
    });

    let lastError: string | null = null;
    let failure: unknown = null;
    try {
      for await (const raw of readMessages(process_.stdout)) {
        const message = maskMessage(raw, secrets);
        if (message.type === 'LOG' && message.log)
          run.onLog?.({ level: message.log.level, message: message.log.message, source: 'protocol' });
        if (message.type === 'TRACE' && message.trace?.type === 'ERROR' && message.trace.error) lastError = message.trace.error.message;
        await run.onMessage(message);
        if (stopping) break;
      }
    } catch (error) {
      failure = error instanceof ConnectorOutputError ? new ConnectorFailure('output', error.message) : error;
      stop(
        failure instanceof ConnectorFailure
          ? failure
          : new ConnectorFailure('cancelled', 'Stopped after the platform failed to take a message.'),
      );
    }
    const { code, signal } = await exited.finally(() => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      run.signal?.removeEventListener('abort', onAbort);
    });
    if (failure) throw failure;
    if (stopping) throw stopping;
    const tail = stderrTail.join('\n') + (stderrRest ? `\n${maskSecrets(stderrRest, secrets)}` : '');
    if (/heap out of memory|Cannot allocate memory|std::bad_alloc/i.test(tail) || (signal === 'SIGKILL' && !stopping)) {
      throw new ConnectorFailure('memory', `The connector ran out of memory (limit ${run.memoryLimitMb} MB).`, code);
    }
    if (code !== 0) {
      const why = lastError ?? (tail.trim() ? tail.trim().split('\n').slice(-3).join(' ') : `it exited with code ${code ?? signal}`);
      throw new ConnectorFailure('crashed', `The connector failed: ${why}`, code);
    }
    return { durationMs: Date.now() - started };
  } finally {
    await fs.rm(inputs.dir, { recursive: true, force: true });
  }
}
