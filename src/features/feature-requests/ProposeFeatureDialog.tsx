// Proposing a feature: a title and a description in markdown.
import { useState } from 'react';
import type { FeatureDetail } from '@common/feature-requests/featureRequestsContract';
import { MARKDOWN_MAX, TITLE_MAX } from '@common/workspace/fieldRules';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useCreateFeatureMutation } from '../../api/featureRequestsApi';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

export function ProposeFeatureDialog({ onDone, onCancel }: { onDone: (feature: FeatureDetail) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'description', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateFeatureMutation();

  const submit = async () => {
    const found: typeof errors = {};
    if (!title.trim()) found.title = 'Name the feature.';
    else if (title.trim().length > TITLE_MAX) found.title = `At most ${TITLE_MAX} characters.`;
    if (!description.trim()) found.description = 'Say what it should do and why.';
    else if (description.length > MARKDOWN_MAX) found.description = `At most ${MARKDOWN_MAX.toLocaleString('en')} characters.`;
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    const result = await create({ title: title.trim(), description });
    if ('error' in result) {
      const field = apiErrorField(result.error);
      if (field === 'title' || field === 'description') setErrors({ [field]: apiErrorMessage(result.error) });
      else setError(apiErrorMessage(result.error));
      return;
    }
    onDone(result.data);
  };

  return (
    <FormDialog
      title="Propose a feature"
      submitLabel="Propose"
      busyLabel="Sending…"
      busy={creating.isLoading}
      error={error}
      onSubmit={() => void submit()}
      onCancel={onCancel}
    >
      <FormField label="Title" value={title} onValue={setTitle} error={errors.title} required />
      <FormField
        label="Description (markdown)"
        control="textarea"
        rows={6}
        value={description}
        onValue={setDescription}
        error={errors.description}
        required
      />
    </FormDialog>
  );
}
