// Proposing a feature: a title and a description in markdown.
import { useState } from 'react';
import type { FeatureDetail } from '@common/feature-requests/featureRequestsContract';
import { MARKDOWN_MAX, TITLE_MAX } from '@common/workspace/fieldRules';
import { useCreateFeatureMutation } from '../../api/featureRequestsApi';
import { useMutationFeedback } from '../../api/useMutationFeedback';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';

export function ProposeFeatureDialog({ onDone, onCancel }: { onDone: (feature: FeatureDetail) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'description', string>>>({});
  const feedback = useMutationFeedback({ fields: ['title', 'description'] });
  const [create, creating] = useCreateFeatureMutation();

  const submit = async () => {
    const found: typeof errors = {};
    if (!title.trim()) found.title = 'Name the feature.';
    else if (title.trim().length > TITLE_MAX) found.title = `At most ${TITLE_MAX} characters.`;
    if (!description.trim()) found.description = 'Say what it should do and why.';
    else if (description.length > MARKDOWN_MAX) found.description = `At most ${MARKDOWN_MAX.toLocaleString('en')} characters.`;
    setErrors(found);
    feedback.setError(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await feedback.run(() => create({ title: title.trim(), description }));
    if (!outcome.ok) {
      if (outcome.field) setErrors({ [outcome.field]: outcome.message });
      return;
    }
    onDone(outcome.data);
  };

  return (
    <FormDialog
      title="Propose a feature"
      submitLabel="Propose"
      busyLabel="Sending…"
      busy={creating.isLoading}
      error={feedback.error}
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
