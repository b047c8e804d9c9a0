// The FAQ's entries of one topic as an accordion (the WAI-ARIA pattern): each question is a
// button in a heading, aria-expanded says whether its answer shows, aria-controls names the
// answer's region. Enter and Space toggle (native buttons); answers are markdown, rendered inert.
import type { FaqEntry } from '@common/knowledge/knowledgeContract';
import { Markdown } from '../../components/Markdown';

interface Props {
  entries: FaqEntry[];
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
  canManage: boolean;
  onEdit: (entry: FaqEntry) => void;
  onDelete: (entry: FaqEntry) => void;
}

export const faqButtonId = (id: string) => `faq-${id}`;

export function FaqAccordion({ entries, open, onToggle, canManage, onEdit, onDelete }: Props) {
  return (
    <div className="accordion mb-4">
      {entries.map((entry) => {
        const expanded = open.has(entry.id);
        const panelId = `faq-answer-${entry.id}`;
        return (
          <div key={entry.id} className="accordion-item">
            <h3 className="accordion-header">
              <button
                type="button"
                id={faqButtonId(entry.id)}
                className={`accordion-button${expanded ? '' : ' collapsed'}`}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => onToggle(entry.id)}
              >
                {entry.question}
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={faqButtonId(entry.id)} className="accordion-collapse" hidden={!expanded}>
              <div className="accordion-body">
                <Markdown text={entry.answer} />
                {canManage ? (
                  <div className="d-flex gap-2">
                    <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onEdit(entry)}>
                      Edit<span className="visually-hidden">: {entry.question}</span>
                    </button>
                    <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onDelete(entry)}>
                      Delete<span className="visually-hidden">: {entry.question}</span>
                    </button>
                  </div>
                ) : null}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
