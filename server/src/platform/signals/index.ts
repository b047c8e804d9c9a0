// What other server code imports from platform/signals (docs/architecture.md).
export { createSignalBus, type SignalBus, type SignalListener } from './signalBus.js';
