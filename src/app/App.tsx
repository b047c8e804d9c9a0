import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { PageLoader } from '../components/PageLoader';
import type { AppStore } from './store';
import type { createAppRouter } from './router';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, persistor, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistGate loading={<PageLoader />} persistor={persistor}>
          <RouterProvider router={router} />
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}
