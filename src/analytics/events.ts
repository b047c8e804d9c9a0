// Every analytics event name the portal sends (docs/shell-rules.md, "API calls and analytics"), in one place.
export const ANALYTICS_EVENTS = {
  /** The menu was opened with the header's menu button. */
  navigationBarOpened: 'Navigation Bar Opened',
  /** A menu entry leading to a page was clicked: { title, url }. */
  menuItemClicked: 'Menu Item Clicked',
  /** A page of the signed-in portal was shown: { path, search, hash, userId, roles }. */
  pageView: 'Page View',
} as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];
