// A sync job's log as the API answers it: each attempt's lines under a header line
// "=== Attempt N (started at) ===". The page shows the last attempt's; all are in the download.

export interface AttemptLog {
  number: number;
  startedAt: string;
  text: string;
}

const HEADER = /^=== Attempt (\d+) \(([^)]*)\) ===$/gm;

/** The attempts in the log, in order; a log without headers is one attempt's. */
export function attemptLogs(log: string): AttemptLog[] {
  const headers = [...log.matchAll(HEADER)];
  if (headers.length === 0) return log.trim() ? [{ number: 1, startedAt: '', text: log.trim() }] : [];
  return headers.map((header, index) => {
    const start = (header.index ?? 0) + header[0].length;
    const end = headers[index + 1]?.index ?? log.length;
    return { number: Number(header[1]), startedAt: header[2] ?? '', text: log.slice(start, end).trim() };
  });
}
