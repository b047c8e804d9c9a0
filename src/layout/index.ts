// The layout's public face for features (lint keeps them off the rest of src/layout).
export { layoutActions, selectLayout } from './layoutSlice';
export { SharedLayoutSettings } from './preview/SharedLayoutSettings';
export { openableRecentPages, type RecentPage } from './recentPages';
export { HelpLinks } from './HelpLinks';
