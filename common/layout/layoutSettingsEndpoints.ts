// The layout settings API's endpoints (common/api/endpoint.ts): the server registers its routes
// from them and the browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type { AppearanceSettings } from './layoutSettings';

/** Another user's, as stored: validate before applying (they came from another browser). */
export interface StoredUserLayoutSettings {
  username: string;
  settings: unknown;
  updatedAt: string;
}

export const layoutSettingsEndpoints = {
  mine: endpoint<{ response: { settings: Record<string, unknown>; updatedAt: string } }>()('GET', '/api/me/layout-settings'),
  saveMine: endpoint<{
    body: { settings: Partial<AppearanceSettings> | Record<string, unknown> };
    response: { settings: Record<string, unknown>; updatedAt: string };
  }>()('PUT', '/api/me/layout-settings'),
  ofUser: endpoint<{ params: { username: string }; response: StoredUserLayoutSettings }>()('GET', '/api/admin/layout-settings/:username'),
};
