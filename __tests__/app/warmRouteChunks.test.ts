// The chunks a signed-in page needs start loading while sign-in is checked: the shell's and the
// screen's own, for app paths only.
import { appScreens } from '../../src/app/routeTable';
import { warmRouteChunks } from '../../src/app/warmRouteChunks';

const shellLoaded = jest.fn();
jest.mock('../../src/app/SignedInShell', () => {
  shellLoaded();
  return {};
});

const screen = (id: string) => {
  const found = appScreens.find((entry) => entry.id === id);
  if (!found) throw new Error(`no screen ${id}`);
  return found;
};

afterEach(() => jest.restoreAllMocks());

it('asks for the shell and the screen the address names', async () => {
  const home = jest.spyOn(screen('home'), 'lazy').mockResolvedValue({ Component: () => null });
  const support = jest.spyOn(screen('support'), 'lazy').mockResolvedValue({ Component: () => null });
  warmRouteChunks('/app/home');
  await Promise.resolve();
  expect(home).toHaveBeenCalledTimes(1);
  expect(support).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(shellLoaded).toHaveBeenCalledTimes(1);
});

it('asks for nothing outside the app, and only the shell for an address no screen has', () => {
  const lazies = appScreens.map((entry) => jest.spyOn(entry, 'lazy').mockResolvedValue({ Component: () => null }));
  warmRouteChunks('/');
  warmRouteChunks('/login');
  warmRouteChunks('/application');
  warmRouteChunks('/app/no-such-page');
  for (const lazy of lazies) expect(lazy).not.toHaveBeenCalled();
});

it('a chunk that fails to load is left for the router to report', async () => {
  jest.spyOn(screen('home'), 'lazy').mockRejectedValue(new Error('Loading chunk home failed'));
  expect(() => warmRouteChunks('/app/home')).not.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
