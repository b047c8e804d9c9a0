// A filter of the observability lists kept in the address: a small select whose value is the
// search parameter `name` ("" leaves it out), so a filtered view can be bookmarked and shared.
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { withParam } from './qualityParams';

interface ParamSelectProps {
  id: string;
  label: string;
  /** The search parameter the select sets. */
  name: string;
  /** Each choice as [value, words]; the first is usually "" for any. */
  options: readonly (readonly [string, string])[];
  /** Classes of the field's column in the filter row. */
  className: string;
}

export function ParamSelect({ id, label, name, options, className }: ParamSelectProps) {
  const [params, setParams] = useSearchParams();
  return (
    <FormField
      id={id}
      label={label}
      compact
      control="select"
      className={className}
      value={params.get(name) ?? ''}
      onValue={(value) => setParams(withParam(params, name, value || null))}
    >
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </FormField>
  );
}
