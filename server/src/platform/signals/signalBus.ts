// The in-process signal bus (common/signals/signalTypes.ts): areas report signals, listeners
// (the catalog's alert rules) react. Reporting never waits for listeners and never fails
// because of one: a listener's error is logged and the others still run. Listeners that do slow
// work (deliveries to webhooks, e-mail) hand it to the job runner, which every instance shares,
// so a signal reported on one instance is acted on once.
import { toSignal, type Signal, type SignalInput } from '@common/signals/signalTypes';

export type SignalListener = (signal: Signal) => Promise<void>;

/** How an area reports a signal: the bus's `report`, handed on as a plain function. */
export type ReportSignal = (input: SignalInput) => Promise<void>;

export interface SignalBus {
  /** Reports a signal; resolves once every listener has taken it (callers need not wait). */
  report(input: SignalInput): Promise<void>;
  /** Adds a listener; returns how to remove it. */
  listen(listener: SignalListener): () => void;
}

export interface SignalLog {
  error(object: object, message: string): void;
}

export function createSignalBus(log: SignalLog): SignalBus {
  const listeners = new Set<SignalListener>();
  return {
    async report(input) {
      const signal = toSignal(input);
      await Promise.all(
        [...listeners].map((listener) =>
          listener(signal).catch((error: unknown) =>
            log.error({ err: error, organisation: signal.organisation, kind: signal.kind }, 'a signal listener failed'),
          ),
        ),
      );
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
