// The shell's fixed constants (docs/shell-rules.md): landing route, breakpoints, sign-in timings,
// progress bar. Change them together with that document.

export const PRODUCT_NAME = 'Dataworks';
export const TITLE_SEPARATOR = ' | ';
export const DEFAULT_DASHBOARD_ORDER = 0;

/** Below this width the menu collapses and a horizontal layout falls back to vertical. */
export const MOBILE_BREAKPOINT_PX = 992;
/** At or below this width the compact style applies. */
export const COMPACT_BREAKPOINT_PX = 1366;

/** keycloak-js: the token must stay valid this many seconds before a backend call. */
export const TOKEN_MIN_VALIDITY_SECONDS = 5;
export const MESSAGE_RECEIVE_TIMEOUT_MS = 10_000;

export const PROGRESS = { minimum: 0.08, maximum: 0.994, speed: 200, trickleSpeed: 800 } as const;

export const ANALYTICS = { batchSize: 50, batchFlushIntervalMs: 5000 } as const;
