// A settings section with one field: the organisation's value, the portal's default beside it,
// who changed it last, and Save. The field's text is checked here first (a clear sentence), then
// by the server, whose refusal is shown on the field.
import { useState } from 'react';
import { apiErrorMessage } from '../../../api/apiError';
import { FormField } from '../../../components/FormField';
import { SettingSaveRow } from './SettingSaveRow';

export type Parsed<T> = { value: T } | { error: string };

/** A save mutation hook's answer: the trigger (taking the request's body) and its state. */
type SaveMutation<Body> = readonly [(body: Body) => { unwrap: () => Promise<unknown> }, { isLoading: boolean; error?: unknown }];

interface OneSettingFormProps<T, Body> {
  label: string;
  help: string;
  /** The saved value as the field shows it. */
  initial: string;
  /** The portal's default, as a sentence ("Portal default: every 60 minutes."). */
  portalDefault: string;
  /** Who changed the setting last, and when (the settings read's answer). */
  changed: { updatedBy: string | null; updatedAt: string | null };
  parse: (text: string) => Parsed<T>;
  /** The save mutation hook's answer, e.g. `useSaveProfilerSettingsMutation()`. */
  mutation: SaveMutation<Body>;
  /** The request's body for the checked value. */
  body: (value: T) => Body;
  inputMode?: 'numeric' | 'url';
}

export function OneSettingForm<T, Body>({
  label,
  help,
  initial,
  portalDefault,
  changed,
  parse,
  mutation: [save, { isLoading: saving, error: saveError }],
  body,
  inputMode,
}: OneSettingFormProps<T, Body>) {
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
        void save(body(parsed.value))
          .unwrap()
          .then(
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
      <SettingSaveRow
        busy={saving}
        done={done}
        savedText="Saved."
        changed={changed}
        neverText="Not set for your organisation: the portal default applies."
      />
    </form>
  );
}
