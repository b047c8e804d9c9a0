// The spec form, loaded on first use in its own chunk (the form library and its JSON-schema
// validator are too heavy for the pages' chunks).
import { lazy, Suspense } from 'react';
import type { ConnectorConfigFormProps } from './ConnectorConfigForm';

const ConnectorConfigForm = lazy(() => import(/* webpackChunkName: "connector-form" */ './ConnectorConfigForm'));

export function LazyConnectorConfigForm(props: ConnectorConfigFormProps) {
  return (
    <Suspense fallback={<p role="status">Loading the connector's form…</p>}>
      <ConnectorConfigForm {...props} />
    </Suspense>
  );
}
