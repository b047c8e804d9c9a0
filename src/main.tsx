// Start-up: read the runtime configuration, initialise sign-in once, then render.
import 'bootstrap/dist/css/bootstrap.min.css';
import 'nprogress/nprogress.css';
import './layout/theme.css';
import './layout/shell.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makePersistor, makeStore } from './app/store';
import { warmRouteChunks } from './app/warmRouteChunks';
import { initAnalytics, loadWebAnalytics } from './analytics/analytics';
import { ConfigErrorPage } from './components/ConfigErrorPage';
import { ConfigError } from './config/configError';
import { setRuntimeConfig } from './config/currentConfig';
import { loadRuntimeConfig } from './config/loadConfig';

// keycloak-js downloads while config.json is being fetched: both are needed before render.
const keycloakModule = import(/* webpackChunkName: "sign-in-client" */ './auth/keycloak');

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : String(error);
    console.error(message);
    root.render(<ConfigErrorPage message={message} />);
    return;
  }

  // Start-up marks (the browser's User Timing): `npm run bench:home` prints them in its waterfall.
  performance.mark('dataworks:config-loaded');
  setRuntimeConfig(config);
  // The signed-in shell and the page asked for download while sign-in is checked (warmRouteChunks.ts).
  // Not earlier: the browser's few connections to this origin would make config.json wait behind them.
  warmRouteChunks(window.location.pathname);
  // Analytics loads on its own, alongside sign-in; the app never waits for it.
  void initAnalytics(config.analytics);
  loadWebAnalytics(config.analytics.webAnalyticsUrl);

  const store = makeStore();
  const persistor = makePersistor(store);
  const { initAuth } = await keycloakModule;
  await initAuth(config.identity, store.dispatch);
  performance.mark('dataworks:sign-in-checked');
  const router = createAppRouter(store);
  root.render(<App store={store} persistor={persistor} router={router} />);
  performance.mark('dataworks:render-started');
}

void start();
