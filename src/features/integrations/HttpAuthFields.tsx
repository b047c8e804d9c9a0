// How the custom HTTP source signs in: nothing, a bearer token, an API key (header or query
// parameter) or a user name and password. Secrets are password fields.
import { FormField } from '../../components/FormField';
import type { AuthType, HttpSourceDraft } from './httpSourceDraft';

interface HttpAuthFieldsProps {
  draft: HttpSourceDraft;
  onChange: (draft: HttpSourceDraft) => void;
  /** The server's refusal of an auth field by its config name ('' for the group). */
  errorAt: (field: string) => string | undefined;
}

const authText: Record<AuthType, string> = {
  none: 'None',
  bearer: 'Bearer token',
  api_key: 'API key',
  basic: 'User name and password (basic)',
};

export function HttpAuthFields({ draft, onChange, errorAt }: HttpAuthFieldsProps) {
  const set = (patch: Partial<HttpSourceDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="row g-2">
      <FormField
        className="col-md-4"
        control="select"
        label="Authentication"
        value={draft.auth}
        onValue={(auth) => set({ auth: auth as AuthType })}
        error={errorAt('')}
      >
        {(Object.keys(authText) as AuthType[]).map((type) => (
          <option key={type} value={type}>
            {authText[type]}
          </option>
        ))}
      </FormField>
      {draft.auth === 'bearer' ? (
        <FormField
          className="col-md-8"
          label="Token"
          type="password"
          autoComplete="off"
          value={draft.token}
          onValue={(token) => set({ token })}
          error={errorAt('token')}
        />
      ) : null}
      {draft.auth === 'api_key' ? (
        <>
          <FormField
            className="col-md-3"
            label="Header or parameter name"
            value={draft.apiKeyHeader}
            onValue={(apiKeyHeader) => set({ apiKeyHeader })}
            error={errorAt('header')}
          />
          <FormField
            className="col-md-3"
            label="API key"
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            onValue={(apiKey) => set({ apiKey })}
            error={errorAt('api_key')}
          />
          <FormField
            className="col-md-2"
            control="select"
            label="Send it in"
            value={draft.apiKeyIn}
            onValue={(apiKeyIn) => set({ apiKeyIn: apiKeyIn as 'header' | 'query' })}
          >
            <option value="header">Header</option>
            <option value="query">Query</option>
          </FormField>
        </>
      ) : null}
      {draft.auth === 'basic' ? (
        <>
          <FormField
            className="col-md-4"
            label="User name"
            autoComplete="off"
            value={draft.username}
            onValue={(username) => set({ username })}
            error={errorAt('username')}
          />
          <FormField
            className="col-md-4"
            label="Password"
            type="password"
            autoComplete="off"
            value={draft.password}
            onValue={(password) => set({ password })}
            error={errorAt('password')}
          />
        </>
      ) : null}
    </div>
  );
}
