// Where the person is in adding a connector: the steps in order, the current one marked for
// screen readers (aria-current="step") and by sight, the finished ones ticked.
export function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav aria-label="Steps" className="mb-4">
      <ol className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`border rounded-pill px-3 py-1 small ${state === 'current' ? 'border-primary fw-semibold text-primary-emphasis bg-primary-subtle' : state === 'done' ? 'text-success-emphasis' : 'text-body-secondary'}`}
            >
              {`${index + 1}. ${step}${state === 'done' ? ' ✓' : ''}`}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
