// The text/event-stream wire format (HTML Living Standard, "server-sent events"): one frame
// per event, fields on their own lines, a blank line to end it. Lines starting with ':' are
// comments: the heartbeat that keeps proxies from closing an idle connection.

/** An event frame. `data` is JSON, which never contains a raw newline, so it fits one `data:` line. */
export function eventFrame(event: { id: string; topic: string; data: unknown }): string {
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

export function commentFrame(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

/** Tells EventSource-style clients how long to wait before reconnecting. */
export function retryFrame(milliseconds: number): string {
  return `retry: ${Math.max(0, Math.floor(milliseconds))}\n\n`;
}
