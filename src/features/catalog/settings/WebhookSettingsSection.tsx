// Catalog Settings: where alert webhooks may go. Empty, any public host; a list, only the hosts
// on it (and those may be inside the network). The server checks each host's form and names
// the one it refuses.
import { useId, useState } from 'react';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import { useGetWebhookSettingsQuery, useSaveWebhookSettingsMutation } from '../../../api/catalogAlertsApi';
import { FormField } from '../../../components/FormField';
import { SettingsSection } from '../../../components/SettingsSection';
import { SettingSaveRow } from './SettingSaveRow';

const hostsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((host) => host.trim())
    .filter(Boolean);

function Form({ hosts: saved, changed }: { hosts: string[]; changed: { updatedBy: string | null; updatedAt: string | null } }) {
  const [text, setText] = useState(saved.join('\n'));
  const [save, saving] = useSaveWebhookSettingsMutation();
  const [done, setDone] = useState(false);
  const formId = useId();
  const body = saving.error as { data?: unknown } | undefined;
  const field = body && isApiErrorBody(body.data) ? body.data.field : undefined;
  const hostIndex = field ? /^allowedHosts\.(\d+)$/.exec(field)?.[1] : undefined;
  const error = saving.error
    ? `${hostIndex !== undefined ? `${hostsOf(text)[Number(hostIndex)] ?? ''}: ` : ''}${apiErrorMessage(saving.error)}`
    : undefined;
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(false);
        void save({ allowedHosts: hostsOf(text) })
          .unwrap()
          .then(
            () => setDone(true),
            () => undefined,
          );
      }}
    >
      <FormField
        label="Allowed webhook hosts"
        control="textarea"
        rows={3}
        value={text}
        onValue={(value) => {
          setText(value);
          setDone(false);
        }}
        help="One per line: hooks.slack.com, or *.example.com for its subdomains. Empty: any public host, never an address inside the network (loopback, private, link-local). A host listed here may be inside the network."
        error={error}
      />
      <SettingSaveRow
        busy={saving.isLoading}
        done={done}
        savedText="Saved. Rules are checked against this list when saved and at every delivery."
        changed={changed}
        neverText="Never changed: any public host."
      />
    </form>
  );
}

export function WebhookSettingsSection() {
  const settings = useGetWebhookSettingsQuery();
  return (
    <SettingsSection
      title="Alert webhooks"
      description="Where the alert rules' webhooks may send. The portal's server makes these calls, so it refuses addresses only it can reach unless they are listed."
      query={settings}
      loadingLabel="Loading the webhook settings…"
      errorTitle="The webhook settings could not be loaded"
    >
      {(result) => <Form hosts={result.settings.allowedHosts} changed={result} />}
    </SettingsSection>
  );
}
