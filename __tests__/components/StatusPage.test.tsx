// A status page is the page's main landmark on its own, and a plain region inside the signed-in
// shell, whose <main> already holds it (a page has one main landmark).
import { render, screen } from '@testing-library/react';
import { StatusPage } from '../../src/components/StatusPage';

it('is the main landmark when shown on its own', () => {
  render(<StatusPage title="Page not found" code="404" />);
  expect(screen.getByRole('main')).toHaveTextContent('404Page not found');
});

it('adds no second main landmark inside the shell', () => {
  render(
    <main>
      <StatusPage inShell title="Something went wrong" code="Error" />
    </main>,
  );
  expect(screen.getAllByRole('main')).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
});
