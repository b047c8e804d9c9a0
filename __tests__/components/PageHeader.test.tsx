import { render, screen } from '@testing-library/react';
import { PageHeader } from '../../src/components/PageHeader';

it('is the page heading with its actions beside it', () => {
  render(<PageHeader title="Projects" actions={<button type="button">New project</button>} />);
  const heading = screen.getByRole('heading', { level: 1, name: 'Projects' });
  expect(heading.parentElement).toHaveClass('mb-3');
  expect(heading.parentElement).toContainElement(screen.getByRole('button', { name: 'New project' }));
});

it('takes the spacing asked for and needs no actions', () => {
  render(<PageHeader title="Support" className="mb-1" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Support' }).parentElement).toHaveClass('mb-1');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
