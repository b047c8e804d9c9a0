// The live channel (server → browser events): what other server code imports from platform/live.
export {
  createLiveChannel,
  LIVE_NOTIFY_CHANNEL,
  type LiveAudience,
  type LiveChannel,
  type LiveEvent,
  type LiveMessage,
} from './liveChannel.js';
export { registerLiveRoutes, LIVE_HEARTBEAT_MS, type LiveReplaySource, type LiveRouteOptions } from './liveRoutes.js';
