// The layout's public face for features (lint keeps them off the rest of src/layout).
export { layoutActions, selectLayout } from './layoutSlice';
export { openableRecentPages, type RecentPage } from './recentPages';
