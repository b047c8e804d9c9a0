// Proposing a feature: a title and a description in markdown.
import { useState } from 'react';
import type { FeatureDetail } from '@common/feature-requests/featureRequestsContract';
import { MARKDOWN_MAX, TITLE_MAX } from '@common/workspace/fieldRules';
import { useCreateFeatureMutation } from '../../api/featureRequestsApi';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { MarkdownField } from '../../components/MarkdownField';
import { textError, useCheckedSubmit } from '../../components/useCheckedSubmit';

export function ProposeFeatureDialog({ onDone, onCancel }: { onDone: (feature: FeatureDetail) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const { errors, send, dialogProps } = useCheckedSubmit(['title', 'description'] as const);
  const [create] = useCreateFeatureMutation();

  const submit = () =>
    send(
      {
        title: textError(title, TITLE_MAX, 'Name the feature.'),
        description: textError(description, MARKDOWN_MAX, 'Say what it should do and why.', description.length),
      },
      () => create({ title: title.trim(), description }),
      onDone,
    );

  return (
    <FormDialog title="Propose a feature" submitLabel="Propose" busyLabel="Sending…" {...dialogProps(submit, onCancel)}>
      <FormField label="Title" value={title} onValue={setTitle} error={errors.title} required />
      <MarkdownField label="Description" rows={6} value={description} onValue={setDescription} error={errors.description} required />
    </FormDialog>
  );
}
