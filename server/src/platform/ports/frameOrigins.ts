// The origins the portal's pages may embed in a frame (the Viewer's dashboards), for the
// Content-Security-Policy the platform sends. The dashboards area provides it.
import { definePort } from './portRegistry.js';

export interface FrameOrigins {
  /** The origins known now (read at start and after every dashboard change). */
  current(): readonly string[];
}

export const frameOriginsPort = definePort<FrameOrigins>('frame origins');
