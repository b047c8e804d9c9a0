import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; react-router needs one as soon as it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has no fetch API either, and the data router builds a Request for every navigation.
// Without a form submission it only reads the url, the method and the signal. (Node's own
// Request would refuse jsdom's AbortSignal.)
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers = new Map<string, string>();

    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

// findBy… and waitFor wait up to 5 s for the settled page instead of Testing Library's 1 s: on a
// loaded machine a lazy chunk (react-markdown, the charts) or a burst of answers can take longer
// than a second to render, and a test must not fail on a slow machine alone. A passing test
// waits no longer than it did; only a failing one takes longer to say so.
configure({ asyncUtilTimeout: 5_000 });
