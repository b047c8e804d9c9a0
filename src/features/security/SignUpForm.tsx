// Security → Authentication, "Self sign-up": the e-mail domains whose verified addresses may join
// the organisation by themselves (one per line; none turns it off) and the everyday role they get.
// People with any other address ask for an invitation, and the administrators are told.
import { useState, type FormEvent } from 'react';
import { portalRoleLabel } from '@common/access/roleLabels';
import { signUpRoles, type SignUpSettings } from '@common/security/signUpContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useSaveSignUpSettingsMutation } from '../../api/signUpApi';
import { FormField } from '../../components/FormField';

export function SignUpForm({ settings, onSaved }: { settings: SignUpSettings; onSaved: (message: string) => void }) {
  const [domains, setDomains] = useState(settings.domains.join('\n'));
  const [role, setRole] = useState<string>(settings.role);
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null);
  const [save, saving] = useSaveSignUpSettingsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const list = domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean);
    const result = await save({ domains: list, role: role as SignUpSettings['role'] });
    if ('error' in result) return setProblem({ field: apiErrorField(result.error)?.split('.')[0], text: apiErrorMessage(result.error) });
    onSaved(
      result.data.domains.length === 0
        ? 'Self sign-up is off: people join only by invitation.'
        : `People with a verified address at ${result.data.domains.join(', ')} may join, as ${portalRoleLabel(result.data.role)}.`,
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="sign-up-title">
      <FormField
        label="E-mail domains that may join"
        control="textarea"
        rows={3}
        value={domains}
        onValue={setDomains}
        placeholder="example.com"
        help="One per line. Only verified addresses count; public mail providers (gmail.com…) are refused. Leave empty to allow invitations only."
        error={problem?.field === 'domains' ? problem.text : undefined}
      />
      <FormField
        label="Role they get"
        control="select"
        value={role}
        onValue={setRole}
        error={problem?.field === 'role' ? problem.text : undefined}
      >
        {signUpRoles.map((candidate) => (
          <option key={candidate} value={candidate}>
            {portalRoleLabel(candidate)}
          </option>
        ))}
      </FormField>
      {problem && problem.field !== 'domains' && problem.field !== 'role' ? (
        <p role="alert" className="text-danger">
          {problem.text}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={saving.isLoading}>
        {saving.isLoading ? 'Saving…' : 'Save self sign-up'}
      </button>
    </form>
  );
}
