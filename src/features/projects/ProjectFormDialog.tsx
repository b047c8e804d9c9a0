// Creating or editing a project: name, description, owner, members (usernames) and status.
import { useState } from 'react';
import {
  projectStatuses,
  projectStatusLabels,
  type ProjectDetail,
  type ProjectInput,
  type ProjectStatus,
} from '@common/projects/projectsContract';
import { TITLE_MAX } from '@common/workspace/fieldRules';
import { useCreateProjectMutation, useUpdateProjectMutation } from '../../api/projectsApi';
import { FilterSelect } from '../../components/FilterSelect';
import { CreateOrEditDialog } from '../../components/CreateOrEditDialog';
import { FormField } from '../../components/FormField';
import { MarkdownField } from '../../components/MarkdownField';
import { textError, useCheckedSubmit } from '../../components/useCheckedSubmit';

type Field = 'name' | 'description' | 'owner' | 'members';
const USERNAME = /^[\p{L}\p{N}._@-]{1,100}$/u;

export function ProjectFormDialog({
  project,
  me,
  onDone,
  onCancel,
}: {
  project?: ProjectDetail;
  me: string;
  onDone: (project: ProjectDetail) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [owner, setOwner] = useState(project?.owner ?? me);
  const [members, setMembers] = useState(project?.members.join(', ') ?? '');
  const [status, setStatus] = useState<ProjectStatus>(project?.status ?? 'active');
  const { errors, send, dialogProps } = useCheckedSubmit(['name', 'description', 'owner', 'members'] as const);
  const [create] = useCreateProjectMutation();
  const [update] = useUpdateProjectMutation();

  const submit = async () => {
    const memberList = members.split(/[\s,]+/).filter(Boolean);
    const found: Partial<Record<Field, string>> = { name: textError(name, TITLE_MAX, 'Name the project.') };
    if (!USERNAME.test(owner.trim())) found.owner = 'Enter the owner’s username.';
    const bad = memberList.find((member) => !USERNAME.test(member));
    if (bad) found.members = `"${bad}" is not a username.`;
    const input: ProjectInput = { name: name.trim(), description: description.trim(), owner: owner.trim(), members: memberList, status };
    await send(
      found,
      () => (project ? update({ id: project.id, changes: input }) : create(input)),
      (data) => onDone(data),
    );
  };

  return (
    <CreateOrEditDialog editing={Boolean(project)} noun="project" {...dialogProps(submit, onCancel)}>
      <FormField label="Name" value={name} onValue={setName} error={errors.name} required />
      <MarkdownField label="Description" rows={4} value={description} onValue={setDescription} error={errors.description} />
      <FormField label="Owner" value={owner} onValue={setOwner} error={errors.owner} help="A username" required />
      <FormField label="Members" value={members} onValue={setMembers} error={errors.members} help="Usernames, separated by commas" />
      <FilterSelect
        label="Status"
        className="mb-3"
        value={status}
        onValue={(value) => setStatus(value as ProjectStatus)}
        values={projectStatuses}
        labels={projectStatusLabels}
      />
    </CreateOrEditDialog>
  );
}
