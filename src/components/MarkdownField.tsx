// A field of markdown text (an answer, a description, an article): a textarea whose label says
// the text is markdown. Its other props are FormField's.
import type { ComponentProps } from 'react';
import { FormField } from './FormField';

type MarkdownFieldProps = Omit<ComponentProps<typeof FormField>, 'control' | 'label'> & {
  /** What the text is, e.g. "Answer"; " (markdown)" follows it. */
  label: string;
};

export function MarkdownField({ label, ...field }: MarkdownFieldProps) {
  return <FormField label={`${label} (markdown)`} control="textarea" {...field} />;
}
