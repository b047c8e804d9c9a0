// Granting a role from a list of candidates: a select, a Grant button and, when the grant hands
// over part of the account, a confirmation naming what it gives before anything is sent. A role
// granted to a user and one granted to another role go through the same steps; only the change,
// the risks and the words differ.
import { useState, type FormEvent } from 'react';
import type { AppliedChange, RoleView, WarehouseChange } from '../../api/warehouseTypes';
import { mayManageWarehouseRole } from '@common/access/access';
import { selectRealmRoles } from '../../auth';
import { FormField } from '../../components/FormField';
import { useAppSelector } from '../../state/hooks';
import { useListWarehouseRolesQuery } from '../../api/managementApi';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';
import { RiskList } from './RiskList';
import { useWarehouseChange } from './useWarehouseChange';

/**
 * The protected role that keeps the caller from granting `role` (itself, or a system role it
 * includes), or null when they may: the same rule the server applies to the change.
 */
export function protectedRoleIn(role: RoleView, portalRoles: readonly string[]): string | null {
  if (!mayManageWarehouseRole(portalRoles, role.name)) return role.name;
  return role.systemRoles.find((systemRole) => !mayManageWarehouseRole(portalRoles, systemRole)) ?? null;
}

interface GrantFormProps {
  /** The form's accessible name. */
  formLabel: string;
  fieldId: string;
  fieldLabel: string;
  fieldLabelClassName: string;
  /** The empty choice once the roles are loaded. */
  placeholder: string;
  /** Said when Grant is pressed with no role chosen. */
  required: string;
  buttonLabel: string;
  buttonClassName?: string;
  /** Which of the account's roles may be chosen. */
  candidates: (roles: readonly RoleView[]) => RoleView[];
  /** What granting the chosen role hands over, in sentences; none sends it straight away. */
  risks: (chosen: string, candidates: readonly RoleView[]) => string[];
  change: (chosen: string) => WarehouseChange;
  confirmTitle: (chosen: string) => string;
  /** The confirmation's button, naming the role that is handed over. */
  confirmLabel: (chosen: string) => string;
  /** Who gets what the risks name, for the confirmation. */
  holder: (chosen: string) => string;
  /** The notice once granted (or found already granted). */
  doneMessage: (chosen: string, applied: AppliedChange) => string;
  onGranted: (message: string) => void;
}

export function GrantForm({
  formLabel,
  fieldId,
  fieldLabel,
  fieldLabelClassName,
  placeholder,
  required,
  buttonLabel,
  buttonClassName = 'btn btn-outline-primary',
  candidates,
  risks,
  change,
  confirmTitle,
  confirmLabel,
  holder,
  doneMessage,
  onGranted,
}: GrantFormProps) {
  const { data: roles, isLoading } = useListWarehouseRolesQuery('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const choices = candidates(roles ?? []);
  const portalRoles = useAppSelector(selectRealmRoles);
  const grantDone = (applied: AppliedChange) => {
    setChosen('');
    setConfirming(null);
    onGranted(doneMessage(chosen, applied));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(required);
      return;
    }
    setError(null);
    const found = risks(chosen, choices);
    if (found.length > 0) {
      setConfirming(found);
      return;
    }
    const outcome = await run(change(chosen));
    if (outcome.ok) grantDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <form
      className="d-flex flex-wrap align-items-start gap-2 mt-3"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={formLabel}
    >
      <FormField
        control="select"
        id={fieldId}
        className=""
        label={fieldLabel}
        labelClassName={fieldLabelClassName}
        value={chosen}
        onValue={setChosen}
        disabled={isLoading}
        error={error ?? undefined}
      >
        <option value="">{isLoading ? 'Loading roles…' : placeholder}</option>
        {choices.map((role) => {
          // Offered only what the caller's portal roles allow; the rest is listed, disabled, with why.
          const protectedBy = protectedRoleIn(role, portalRoles);
          return (
            <option key={role.name} value={role.name} disabled={protectedBy !== null}>
              {protectedBy === null
                ? role.name
                : protectedBy === role.name
                  ? `${role.name} (protected: your portal roles may not grant it)`
                  : `${role.name} (includes ${protectedBy}: your portal roles may not grant it)`}
            </option>
          );
        })}
      </FormField>
      <button type="submit" className={buttonClassName} disabled={pending}>
        {pending ? 'Granting…' : buttonLabel}
      </button>
      {confirming ? (
        <ConfirmChangeDialog
          title={confirmTitle(chosen)}
          change={change(chosen)}
          confirmLabel={confirmLabel(chosen)}
          pendingLabel="Granting…"
          variant="danger"
          onClose={() => setConfirming(null)}
          onDone={grantDone}
        >
          <RiskList risks={confirming} holder={holder(chosen)} />
        </ConfirmChangeDialog>
      ) : null}
    </form>
  );
}
