// What other server code imports from platform/signals (docs/architecture.md).
export { createSignalBus, type ReportSignal, type SignalBus, type SignalListener } from './signalBus.js';
