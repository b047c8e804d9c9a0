import { MAX_RECENT_PAGES, openableRecentPages, readRecentPages, recordRecentPage, shortcutPath } from '../../src/layout/recentPages';
import { demoRoles } from '../auth/demoAccounts';

beforeEach(() => localStorage.clear());

describe('shortcutPath', () => {
  it('keeps portal pages with their query, minus anything credential-like', () => {
    expect(shortcutPath('/app/support', '?tab=2&code=abc&session_state=x&access_token=t')).toBe('/app/support?tab=2');
    expect(shortcutPath('/app/viewer/Sales', '?dashboard_url=https%3A%2F%2Fbi.example.com')).toBe(
      '/app/viewer/Sales?dashboard_url=https%3A%2F%2Fbi.example.com',
    );
  });

  it('leaves out public pages, unknown pages, home and the no-access page', () => {
    expect(shortcutPath('/login', '?next=/app/home')).toBeNull();
    expect(shortcutPath('/app/nowhere', '')).toBeNull();
    expect(shortcutPath('/app/home', '')).toBeNull();
    expect(shortcutPath('/app/no-access', '')).toBeNull();
  });
});

describe('the list', () => {
  it('keeps the most recent first, once each, at most six, per user', () => {
    for (const path of [
      '/app/support',
      '/app/projects',
      '/app/faq',
      '/app/hive',
      '/app/admin',
      '/app/features',
      '/app/notifications',
      '/app/support',
    ]) {
      recordRecentPage('u1', { path, title: path });
    }
    const pages = readRecentPages('u1').map((page) => page.path);
    expect(MAX_RECENT_PAGES).toBe(6);
    expect(pages).toEqual(['/app/support', '/app/notifications', '/app/features', '/app/admin', '/app/hive', '/app/faq']);
    expect(readRecentPages('u2')).toEqual([]);
  });

  it('keeps one shortcut per screen: the latest visit, with its query', () => {
    recordRecentPage('u3', { path: '/app/projects', title: 'Projects' });
    recordRecentPage('u3', { path: '/app/faq', title: 'FAQ' });
    recordRecentPage('u3', { path: '/app/projects?project=p1', title: 'Projects' });
    expect(readRecentPages('u3').map((page) => page.path)).toEqual(['/app/projects?project=p1', '/app/faq']);
  });

  it('ignores stored values it did not write', () => {
    localStorage.setItem('dataworks-recent-pages:u1', '{"not":"a list"}');
    expect(readRecentPages('u1')).toEqual([]);
    localStorage.setItem(
      'dataworks-recent-pages:u1',
      JSON.stringify([
        { path: 'https://evil.example.com', title: 'x' },
        { path: '/app/faq', title: 'FAQ' },
      ]),
    );
    expect(readRecentPages('u1')).toEqual([{ path: '/app/faq', title: 'FAQ' }]);
    localStorage.setItem('dataworks-recent-pages:u1', 'not json');
    expect(readRecentPages('u1')).toEqual([]);
  });

  it('shows only pages the access table still lets the user open', () => {
    recordRecentPage('u1', { path: '/app/snowflake/cost', title: 'Cost' });
    recordRecentPage('u1', { path: '/app/support', title: 'Support' });
    expect(openableRecentPages('u1', demoRoles.admin).map((page) => page.title)).toEqual(['Support', 'Cost']);
    expect(openableRecentPages('u1', demoRoles.lite).map((page) => page.title)).toEqual(['Support']);
    // Optimize is hidden from Integration_Engineer, route included.
    expect(openableRecentPages('u1', demoRoles.engineer).map((page) => page.title)).toEqual(['Support']);
    expect(openableRecentPages('u1', demoRoles.nobody)).toEqual([]);
  });
});
