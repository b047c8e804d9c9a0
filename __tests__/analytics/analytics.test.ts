import withRecorder from 'mixpanel-browser';
import mixpanel from 'mixpanel-browser/dist/mixpanel-core.cjs.js';
import { alias, identify, initAnalytics, loadWebAnalytics, setPeople, track } from '../../src/analytics/analytics';
import { ANALYTICS_EVENTS } from '../../src/analytics/events';
import { identifySignedInUser, trackMenuItemClicked, trackNavigationBarOpened, trackPageView } from '../../src/analytics/trackEvents';
import { sessionFromToken } from '../../src/auth/authSlice';

// The default build (with the session recorder): loaded only when session replay is on.
jest.mock('mixpanel-browser', () => ({
  __esModule: true,
  default: { init: jest.fn(), track: jest.fn(), identify: jest.fn(), alias: jest.fn(), people: { set: jest.fn() } },
}));
jest.mock('mixpanel-browser/dist/mixpanel-core.cjs.js', () => ({
  __esModule: true,
  default: {
    init: jest.fn(),
    track: jest.fn(),
    identify: jest.fn(),
    alias: jest.fn(),
    people: { set: jest.fn() },
  },
}));

const library = jest.mocked(mixpanel);
const settings = { token: 'project-token', apiHost: '', webAnalyticsUrl: '', debug: false, sessionReplayPercent: 0 };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('start-up', () => {
  it('stays off without a token: the library is not started and nothing is sent', async () => {
    await initAnalytics({ ...settings, token: '' });
    track(ANALYTICS_EVENTS.pageView, { path: '/app/home' });
    await settled();
    expect(library.init).not.toHaveBeenCalled();
    expect(library.track).not.toHaveBeenCalled();
  });

  it('starts with local-storage persistence, batches of 50 every 5 s, do-not-track ignored', async () => {
    await initAnalytics(settings);
    expect(library.init).toHaveBeenCalledWith('project-token', {
      persistence: 'localStorage',
      batch_requests: true,
      batch_size: 50,
      batch_flush_interval_ms: 5000,
      ignore_dnt: true,
      debug: false,
    });
  });

  it('records no session and loads no recorder unless session replay is configured', async () => {
    await initAnalytics(settings);
    expect(jest.mocked(withRecorder).init).not.toHaveBeenCalled();
    expect(library.init.mock.calls[0]?.[1]).not.toHaveProperty('record_sessions_percent');
  });

  it('with session replay on, loads the recorder build and records that share of sessions, inputs and private elements masked', async () => {
    await initAnalytics({ ...settings, sessionReplayPercent: 25 });
    expect(library.init).not.toHaveBeenCalled();
    expect(jest.mocked(withRecorder).init).toHaveBeenCalledWith(
      'project-token',
      expect.objectContaining({
        batch_size: 50,
        record_sessions_percent: 25,
        record_mask_all_inputs: true,
        record_mask_text_selector: '[data-private]',
      }),
    );
  });

  it('sends to the configured api host, in debug mode when asked', async () => {
    await initAnalytics({ ...settings, apiHost: 'http://collector.test:4000', debug: true });
    expect(library.init).toHaveBeenCalledWith(
      'project-token',
      expect.objectContaining({ api_host: 'http://collector.test:4000', debug: true }),
    );
  });
});

describe('track', () => {
  beforeEach(() => initAnalytics(settings));

  it.each([
    ['an empty name', '', { path: '/' }],
    ['a blank name', '   ', { path: '/' }],
    ['empty properties', 'Page View', {}],
    ['no properties object', 'Page View', null],
    ['a list instead of properties', 'Page View', ['a']],
  ])('refuses %s with a console error and sends nothing', async (_case, name, properties) => {
    expect(track(name, properties as Record<string, unknown>)).toBe(false);
    await settled();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(library.track).not.toHaveBeenCalled();
  });

  it('never throws: errors of the library are logged and swallowed', async () => {
    library.track.mockImplementationOnce(() => {
      throw new Error('quota exceeded');
    });
    library.identify.mockImplementationOnce(() => {
      throw new Error('bad id');
    });
    library.alias.mockImplementationOnce(() => {
      throw new Error('bad alias');
    });
    jest.mocked(library.people.set).mockImplementationOnce(() => {
      throw new Error('bad people');
    });
    expect(() => {
      track('Page View', { path: '/app/home' });
      identify('user-1');
      alias('user-1-alias');
      setPeople({ $name: 'Ada' });
    }).not.toThrow();
    await settled();
    expect(consoleError).toHaveBeenCalledTimes(4);
  });

  it('never throws when the library fails to load', async () => {
    // The import itself cannot fail here; a library whose init throws stands in for it.
    library.init.mockImplementationOnce(() => {
      throw new Error('blocked by the browser');
    });
    await initAnalytics(settings);
    expect(track('Page View', { path: '/' })).toBe(true);
    await settled();
    expect(library.track).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('[analytics] could not start', expect.any(Error));
  });
});

describe('the portal events', () => {
  const session = sessionFromToken('token', {
    sub: 'f3c1-subject',
    name: 'Ada Admin',
    email: 'ada@acme.test',
    realm_access: { roles: ['user', 'admin'] },
  });

  beforeEach(() => initAnalytics(settings));

  it('have their exact names and payloads', async () => {
    trackNavigationBarOpened('/app/home');
    trackMenuItemClicked('Sales', '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com');
    trackPageView({ pathname: '/app/viewer/Sales', search: '?dashboard_url=x', hash: '#top' }, session);
    trackPageView({ pathname: '/landing', search: '', hash: '' }, null);
    await settled();
    expect(library.track.mock.calls).toEqual([
      ['Navigation Bar Opened', { path: '/app/home' }],
      ['Menu Item Clicked', { title: 'Sales', url: '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com' }],
      [
        'Page View',
        { path: '/app/viewer/Sales', search: '?dashboard_url=x', hash: '#top', userId: 'f3c1-subject', roles: ['user', 'admin'] },
      ],
      ['Page View', { path: '/landing', search: '', hash: '', userId: null, roles: [] }],
    ]);
  });

  it('identify the signed-in user by token subject with name, email and realm roles', async () => {
    identifySignedInUser(session);
    await settled();
    expect(library.identify).toHaveBeenCalledWith('f3c1-subject');
    expect(library.people.set).toHaveBeenCalledWith({ $name: 'Ada Admin', $email: 'ada@acme.test', roles: ['user', 'admin'] });
  });
});

describe('web analytics script', () => {
  afterEach(() => document.head.querySelectorAll('script').forEach((script) => script.remove()));

  it('is added only when configured, once, as an async script', () => {
    loadWebAnalytics('');
    expect(document.head.querySelector('script')).toBeNull();
    loadWebAnalytics('https://stats.example.com/script.js');
    loadWebAnalytics('https://stats.example.com/script.js');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute('src', 'https://stats.example.com/script.js');
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
  });
});
