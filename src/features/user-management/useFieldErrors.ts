// Field errors of a form, from the browser's checks or the server's 400: shown at each field,
// the first one focused so keyboard and screen-reader users land on it.
import { useRef, useState } from 'react';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function useFieldErrors<Field extends string>(order: readonly Field[]) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});

  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
    return first !== undefined;
  };

  const refFor = (field: Field) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    inputs.current[field] = element;
  };

  /** The server named a field: show it there when the form has it. */
  const isField = (field: string | undefined): field is Field => field !== undefined && (order as readonly string[]).includes(field);

  return { errors, show, refFor, isField, clear: () => setErrors({}) };
}
