/**
 * Test helper: runs `npm start`'s entry point (server/src/main.ts) as a child process with its
 * own data directory and a stand-in browser build, so start-up and shut-down are tested as
 * they really happen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './helpers/waitFor';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');

export interface PortalProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** A directory holding just enough of a browser build for the portal to start. */
export async function stubBrowserBuild(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Dataworks</title>');
  await fs.writeFile(path.join(dist, 'config.json'), '{}');
  return dist;
}

/**
 * Node with tsx's loader rather than the tsx command, which would run the server in a child of
 * its own: signals (a test's SIGKILL included) then reach the server itself.
 */
export function startPortalProcess(env: Record<string, string>): PortalProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Whether something accepts TCP connections on the port (IPv4 or IPv6 loopback). */
export async function isListening(port: number): Promise<boolean> {
  const attempt = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const answers = await Promise.all([attempt('127.0.0.1'), attempt('::1')]);
  return answers.some(Boolean);
}

/** Polls a URL until it answers 200, the process exits, or the time is up. */
export async function waitForOk(url: string, portal: PortalProcess, timeoutMs: number): Promise<void> {
  await waitFor(
    `${url} to answer`,
    async () => {
      if (portal.child.exitCode !== null) throw new Error(`the portal exited with ${portal.child.exitCode}:\n${portal.output()}`);
      return fetch(url).then(
        (response) => response.ok,
        () => false, // not listening yet
      );
    },
    { timeoutMs, stepMs: 100, details: portal.output },
  );
}
