// /app/faq: short answers grouped by topic, searchable on the server; admins manage them.
// `#faq-<id>` (the help assistant's citations) opens that entry and moves focus to it.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FaqEntry } from '@common/knowledge/knowledgeContract';
import { useDeleteFaqMutation, useListFaqQuery } from '../../api/knowledgeApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FilterForm } from '../../components/FilterForm';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { QueryResult } from '../../components/QueryResult';
import { useDebounced } from '../../components/useDebounced';
import { useDeleteConfirm } from '../../components/useDeleteConfirm';
import { FaqAccordion, faqButtonId } from './FaqAccordion';
import { FaqEntryDialog } from './FaqEntryDialog';

type Dialog = { kind: 'add' } | { kind: 'edit'; entry: FaqEntry } | null;

export default function FaqPage() {
  const { hash } = useLocation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const faq = useListFaqQuery(q);
  // Entries the reader toggled; the linked entry starts open, so toggling it closes it.
  const [toggled, setToggled] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');
  const deleting = useDeleteConfirm(
    useDeleteFaqMutation(),
    (entry: FaqEntry) => entry.id,
    () => setNotice('Deleted the entry.'),
  );

  const linked = hash.startsWith('#faq-') ? decodeURIComponent(hash.slice(5)) : null;
  const entries = faq.currentData?.entries;
  const linkedShown = Boolean(linked && entries?.some((entry) => entry.id === linked));
  useEffect(() => {
    if (linkedShown && linked) document.getElementById(faqButtonId(linked))?.focus();
  }, [linkedShown, linked]);
  const open = useMemo(() => {
    const ids = new Set((entries ?? []).filter((entry) => toggled.has(entry.id) !== (entry.id === linked)).map((entry) => entry.id));
    // A search opens every entry it found.
    if (q) for (const entry of entries ?? []) ids.add(entry.id);
    return ids;
  }, [entries, toggled, linked, q]);

  const topics = useMemo(() => {
    const byTopic = new Map<string, FaqEntry[]>();
    for (const entry of entries ?? []) byTopic.set(entry.topic, [...(byTopic.get(entry.topic) ?? []), entry]);
    return [...byTopic.entries()];
  }, [entries]);

  const toggle = (id: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Frequently asked questions"
        action={faq.currentData?.canManage ? { label: 'New entry', onClick: () => setDialog({ kind: 'add' }) } : null}
      />
      <p role="status" className="small">
        {notice}
      </p>
      <FilterForm label="FAQ search" className="mb-3">
        <FormField label="Search the FAQ" type="search" value={search} onValue={setSearch} style={{ maxWidth: '32rem' }} />
      </FilterForm>
      <QueryResult query={faq} loadingLabel="Loading the FAQ…" errorTitle="The FAQ could not be loaded">
        {(data) => (
          <>
            <p className="visually-hidden" aria-live="polite">
              {q ? `${data.entries.length} entries match "${q}"` : ''}
            </p>
            {data.entries.length === 0 ? (
              <EmptyState title={q ? 'No entry matches.' : 'No entries yet.'} />
            ) : (
              topics.map(([topic, list]) => (
                <section key={topic} aria-label={topic}>
                  <h2 className="h5">{topic}</h2>
                  <FaqAccordion
                    entries={list}
                    open={open}
                    onToggle={toggle}
                    canManage={data.canManage}
                    onEdit={(entry) => setDialog({ kind: 'edit', entry })}
                    onDelete={deleting.ask}
                  />
                </section>
              ))
            )}
          </>
        )}
      </QueryResult>
      {dialog ? (
        <FaqEntryDialog
          entry={dialog.kind === 'edit' ? dialog.entry : undefined}
          onCancel={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setNotice(message);
          }}
        />
      ) : null}
      {deleting.target ? (
        <ConfirmDialog title="Delete this entry?" confirmLabel="Delete" busyLabel="Deleting…" {...deleting.dialogProps}>
          <p>&quot;{deleting.target.question}&quot; is removed from the FAQ.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
