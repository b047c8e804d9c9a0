// The FormDialog of a form that both creates a thing and edits one: "New …" or "Edit …" as its
// title, and "Save" once the thing exists. Its other props are FormDialog's.
import type { ComponentProps } from 'react';
import { FormDialog } from './FormDialog';

type CreateOrEditDialogProps = Omit<ComponentProps<typeof FormDialog>, 'title' | 'submitLabel' | 'busyLabel'> & {
  /** The thing exists already: it is edited, not created. */
  editing: boolean;
  /** What the form is about, e.g. "article" or "FAQ entry". */
  noun: string;
  /** The submit button's words while creating. */
  createLabel?: string;
};

export function CreateOrEditDialog({ editing, noun, createLabel = 'Create', ...dialog }: CreateOrEditDialogProps) {
  return (
    <FormDialog
      title={`${editing ? 'Edit' : 'New'} ${noun}`}
      submitLabel={editing ? 'Save' : createLabel}
      busyLabel="Saving…"
      {...dialog}
    />
  );
}
