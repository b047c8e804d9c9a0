import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { AppStore } from './store';
import { lazyPage } from './lazyChunk';
import { appPaths, appScreens, publicPaths, publicScreens } from './routeTable';
import { redirectToDefault, redirectUnknown, requireAccess, requireSignIn } from './guards';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import type { RouteHandle } from './routeHandle';
import { PageLoader } from '../components/PageLoader';

type RouterStore = Pick<AppStore, 'getState' | 'dispatch'>;

export function buildRoutes(store: RouterStore): RouteObject[] {
  const getAuth = () => store.getState().auth;
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: '/', loader: redirectToDefault(getAuth) },
        ...publicScreens.map(({ id, title, lazy }) => ({
          path: publicPaths[id],
          lazy,
          handle: { title } satisfies RouteHandle,
        })),
        {
          path: '/app',
          loader: requireSignIn(getAuth),
          // The signed-in shell (menu, header, icons, the API client and its cache) is a chunk
          // of its own: public pages and the first paint do not need it. Its state and
          // middleware join the store as it arrives, before it renders.
          lazy: lazyPage(async () => {
            const shell = await import(/* webpackChunkName: "shell" */ './SignedInShell');
            shell.connectSignedInServices(store);
            // The menu's reads start now rather than when the shell first renders.
            shell.prefetchMenu(store);
            return shell;
          }),
          children: [
            {
              errorElement: <RouteErrorPage inShell />,
              children: [
                { index: true, loader: redirectToDefault(getAuth) },
                ...appScreens.map(({ id, title, lazy }) => ({
                  path: appPaths[id],
                  loader: requireAccess(getAuth, id, title),
                  lazy,
                  handle: { title } satisfies RouteHandle,
                })),
                // Unknown pages inside the app lead to the user's default page, which says so.
                { path: '*', loader: redirectUnknown(getAuth) },
              ],
            },
          ],
        },
        { path: '*', lazy: publicScreens.find((screen) => screen.id === 'notFound')!.lazy, handle: { title: 'Page not found' } },
      ],
    },
  ];
}

export function createAppRouter(store: RouterStore) {
  return createBrowserRouter(buildRoutes(store));
}

export type { RouteHandle };
