// A blocked or unknown link lands on the default page, and that page says why on arrival.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { redirectUnknown, requireAccess } from '../../src/app/guards';
import { appPaths, publicPaths } from '@common/paths';
import { makeStore } from '../../src/app/store';
import { authActions } from '../../src/auth/authSlice';
import { ArrivalNoticeAlert } from '../../src/layout/ArrivalNoticeAlert';
import { clearArrivalNotice, currentArrivalNotice, leaveArrivalNotice } from '../../src/layout/arrivalNotice';
import { makeSignedInStore } from '../helpers/testStore';

// jsdom has no fetch Response, which react-router's redirect() builds; the guards' choice of
// target is what matters here.
jest.mock('react-router-dom', () => ({
  ...jest.requireActual<typeof import('react-router-dom')>('react-router-dom'),
  redirect: (to: string) => ({ redirectedTo: to }),
}));

const visit = (path: string) => ({ request: new Request(`http://portal.test${path}`), params: {} }) as unknown as LoaderFunctionArgs;
const getAuthOf = (roles: string[]) => {
  const store = makeSignedInStore(roles);
  return () => store.getState().auth;
};

afterEach(() => clearArrivalNotice());

describe('the guards leave the reason', () => {
  it('no access: names the page and the address, to be shown on the default page', () => {
    const result = requireAccess(getAuthOf(['user', 'Client-Lite']), 'admin', 'Admin')(visit('/app/admin?tab=2'));
    expect(result).toEqual({ redirectedTo: appPaths.home });
    expect(currentArrivalNotice()).toEqual({ kind: 'no-access', requested: '/app/admin?tab=2', title: 'Admin', shownAt: appPaths.home });
  });

  it('no access for someone who may open nothing: the no-access page explains itself, no second notice', () => {
    const result = requireAccess(getAuthOf(['user']), 'home', 'Home')(visit('/app/home'));
    expect(result).toEqual({ redirectedTo: appPaths.noAccess });
    expect(currentArrivalNotice()).toBeNull();
  });

  it("an exposure's page, for someone who may not open Consume but may open the catalog, is its catalog page", () => {
    const result = requireAccess(
      getAuthOf(['user', 'Client-Lite']),
      'exposure',
      'Exposure',
    )({
      ...visit('/app/exposures/exposure.shop.weekly_kpis'),
      params: { exposureId: 'exposure.shop.weekly_kpis' },
    } as LoaderFunctionArgs);
    expect(result).toEqual({ redirectedTo: '/app/data-catalog/assets/exposure.shop.weekly_kpis' });
    expect(currentArrivalNotice()).toBeNull();
  });

  it('a page the user may open leaves nothing', () => {
    expect(requireAccess(getAuthOf(['user', 'admin']), 'admin', 'Admin')(visit('/app/admin'))).toBeNull();
    expect(currentArrivalNotice()).toBeNull();
  });

  it('an unknown address: no such page', () => {
    expect(redirectUnknown(getAuthOf(['user', 'admin']))(visit('/app/nope'))).toEqual({ redirectedTo: appPaths.home });
    expect(currentArrivalNotice()).toMatchObject({ kind: 'no-such-page', requested: '/app/nope', shownAt: appPaths.home });
  });

  it('an unknown address while signed out: sign-in first, which comes back to it (and so to the default page)', () => {
    const signedOut = makeStore();
    signedOut.dispatch(authActions.signedOut());
    const result = redirectUnknown(() => signedOut.getState().auth)(visit('/app/nope?x=1'));
    expect(result).toEqual({ redirectedTo: `${publicPaths.login}?next=${encodeURIComponent('/app/nope?x=1')}` });
    expect(currentArrivalNotice()).toBeNull();
  });
});

describe('the page it lands on says it', () => {
  function renderAt(path: string) {
    const router = createMemoryRouter(
      [
        {
          path: '/app',
          element: (
            <main>
              <ArrivalNoticeAlert />
              <Outlet />
            </main>
          ),
          children: [
            { path: 'home', element: <h1>Home</h1> },
            { path: 'support', element: <h1>Support</h1> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('shows the no-access message on arrival, and it goes once the user moves on', async () => {
    leaveArrivalNotice({ kind: 'no-access', requested: '/app/admin', title: 'Admin', shownAt: appPaths.home });
    const router = renderAt(appPaths.home);
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have access to Admin (/app/admin)");
    await router.navigate(appPaths.support);
    await screen.findByRole('heading', { name: 'Support' });
    expect(screen.queryByRole('alert')).toBeNull();
    await router.navigate(appPaths.home);
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the no-such-page message, which can be dismissed', async () => {
    leaveArrivalNotice({ kind: 'no-such-page', requested: '/app/nope?x=1', shownAt: appPaths.home });
    renderAt(appPaths.home);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no page at /app/nope?x=1');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing on an ordinary visit', async () => {
    renderAt(appPaths.support);
    await screen.findByRole('heading', { name: 'Support' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
