/** One JSON object per line on stdout. */
export type LogLevel = 'info' | 'warn' | 'error';

export type Logger = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

export const jsonLogger: Logger = (level, msg, fields) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, component: 'identity', msg, ...fields })}\n`);
};
