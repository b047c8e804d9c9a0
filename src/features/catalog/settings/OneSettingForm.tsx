// A settings section with one field: the organisation's value, the portal's default beside it,
// who changed it last, and Save. The field's text is checked here first (a clear sentence), then
// by the server, whose refusal is shown on the field.
import { useState } from 'react';
import { apiErrorMessage } from '../../../api/apiError';
import { FormField } from '../../../components/FormField';
import { SubmitRow } from '../../../components/SubmitRow';
import { LastChange } from './LastChange';

export type Parsed<T> = { value: T } | { error: string };

interface OneSettingFormProps<T> {
  label: string;
  help: string;
  /** The saved value as the field shows it. */
  initial: string;
  /** The portal's default, as a sentence ("Portal default: every 60 minutes."). */
  portalDefault: string;
  updatedBy: string | null;
  updatedAt: string | null;
  parse: (text: string) => Parsed<T>;
  save: (value: T) => Promise<unknown>;
  saving: boolean;
  saveError: unknown;
  inputMode?: 'numeric' | 'url';
}

export function OneSettingForm<T>({
  label,
  help,
  initial,
  portalDefault,
  updatedBy,
  updatedAt,
  parse,
  save,
  saving,
  saveError,
  inputMode,
}: OneSettingFormProps<T>) {
  const [text, setText] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);
  const parsed = parse(text);
  const error = checked && 'error' in parsed ? parsed.error : saveError ? apiErrorMessage(saveError) : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        setDone(false);
        if ('error' in parsed) return;
        void save(parsed.value).then(
          () => setDone(true),
          () => undefined,
        );
      }}
    >
      <FormField
        label={label}
        value={text}
        onValue={(value) => {
          setText(value);
          setDone(false);
        }}
        help={`${help} ${portalDefault}`}
        error={error}
        inputMode={inputMode === 'numeric' ? 'numeric' : undefined}
        type={inputMode === 'url' ? 'url' : 'text'}
        style={{ maxWidth: '36rem' }}
      />
      <SubmitRow
        label="Save"
        busyLabel="Saving…"
        busy={saving}
        small
        statusClassName="small text-body-secondary"
        status={
          <LastChange
            done={done}
            savedText="Saved."
            updatedBy={updatedBy}
            updatedAt={updatedAt}
            neverText="Not set for your organisation: the portal default applies."
          />
        }
      />
    </form>
  );
}
