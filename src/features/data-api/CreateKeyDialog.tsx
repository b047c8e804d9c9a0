// Creating an API key: a name, the endpoints it may call, fixed parameter values (name=value,
// one a line), an optional expiry day and a rate limit. The answer holds the secret; the dialog
// then shows it once, with a copy button, and never again.
import { useState, type FormEvent } from 'react';
import type { CreatedKey, EndpointSummary } from '@common/data-api/dataApiContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useCreateApiKeyMutation } from '../../api/dataApiApi';
import { CheckField } from '../../components/CheckField';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

interface CreateKeyDialogProps {
  endpoints: readonly EndpointSummary[];
  onCreated: (created: CreatedKey) => void;
  onCancel: () => void;
}

/** `region=EU` lines to an object; a line without "=" is reported. */
export function parseFixed(text: string): { values: Record<string, string>; problem: string | null } {
  const values: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf('=');
    if (at < 1) return { values, problem: `"${line}" is not name=value.` };
    values[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { values, problem: null };
}

export function CreateKeyDialog({ endpoints, onCreated, onCancel }: CreateKeyDialogProps) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [fixed, setFixed] = useState('');
  const [expires, setExpires] = useState('');
  const [rateLimit, setRateLimit] = useState('600');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [create, state] = useCreateApiKeyMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Give the key a name.';
    if (scopes.length === 0) found.scopes = 'Choose at least one endpoint.';
    const parsed = parseFixed(fixed);
    if (parsed.problem) found.fixedParameters = parsed.problem;
    if (!/^\d+$/.test(rateLimit) || Number(rateLimit) < 1) found.rateLimit = 'A whole number of calls per minute, at least 1.';
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      const created = await create({
        name: name.trim(),
        scopes,
        fixedParameters: parsed.values,
        expiresAt: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
        rateLimit: Number(rateLimit),
      }).unwrap();
      onCreated(created);
    } catch {
      // Shown from the mutation's state.
    }
  };
  const serverField = state.isError ? apiErrorField(state.error) : undefined;
  const serverMessage = state.isError ? apiErrorMessage(state.error) : null;
  const errorOf = (field: string) => problems[field] ?? (serverField === field ? (serverMessage ?? undefined) : undefined);

  return (
    <FormDialog
      title="Create an API key"
      submitLabel="Create key"
      busyLabel="Creating…"
      busy={state.isLoading}
      error={serverField ? null : serverMessage}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <FormField
        label="Name"
        value={name}
        onValue={setName}
        error={errorOf('name')}
        autoComplete="off"
        help="What uses the key, e.g. “Reporting dashboard”."
      />
      <fieldset className="mb-3" aria-describedby={errorOf('scopes') ? 'scopes-error' : undefined}>
        <legend className="form-label fs-6">Endpoints it may call</legend>
        {endpoints.length === 0 ? <p className="small text-body-secondary">Create an endpoint in API Creator first.</p> : null}
        {endpoints.map((endpoint) => (
          <CheckField
            key={endpoint.id}
            id={`scope-${endpoint.id}`}
            label={
              <>
                {endpoint.name}
                {endpoint.liveVersion ? '' : ' (not published)'}
              </>
            }
            checked={scopes.includes(endpoint.id)}
            labelClassName="font-monospace"
            onChecked={(checked) => setScopes(checked ? [...scopes, endpoint.id] : scopes.filter((id) => id !== endpoint.id))}
          />
        ))}
        {errorOf('scopes') ? (
          <div id="scopes-error" className="invalid-feedback d-block">
            {errorOf('scopes')}
          </div>
        ) : null}
      </fieldset>
      <FormField
        label="Fixed parameter values"
        value={fixed}
        onValue={setFixed}
        control="textarea"
        rows={2}
        error={errorOf('fixedParameters')}
        help="One name=value a line, e.g. status=completed. The key always sends these; callers cannot change them."
      />
      <div className="row g-2">
        <div className="col-sm-6">
          <FormField label="Expires after (optional)" type="date" value={expires} onValue={setExpires} error={errorOf('expiresAt')} />
        </div>
        <div className="col-sm-6">
          <FormField
            label="Rate limit (calls per minute)"
            value={rateLimit}
            onValue={setRateLimit}
            inputMode="numeric"
            error={errorOf('rateLimit')}
          />
        </div>
      </div>
    </FormDialog>
  );
}
