import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsSection } from '../../src/components/SettingsSection';

const idle = { isFetching: false, error: undefined, refetch: jest.fn() };

it('is a section named by its title that shows the form made from the settings', () => {
  render(
    <SettingsSection title="Glossary editors" titleId="glossary-title" query={{ ...idle, currentData: { roles: 2 } }}>
      {(data) => <form aria-labelledby="glossary-title">{`${data.roles} roles`}</form>}
    </SettingsSection>,
  );
  expect(screen.getByRole('region', { name: 'Glossary editors' })).toHaveTextContent('2 roles');
  expect(screen.getByRole('form', { name: 'Glossary editors' })).toBeInTheDocument();
});

it('says it is loading, and keeps the last settings while they are read again only when asked', () => {
  const query = { ...idle, isFetching: true, currentData: undefined, data: { roles: 1 } };
  const { rerender } = render(
    <SettingsSection title="Rules" query={query}>
      {(data) => <p>{`${data.roles} rule`}</p>}
    </SettingsSection>,
  );
  expect(screen.getByText('Loading the settings…')).toBeInTheDocument();
  rerender(
    <SettingsSection title="Rules" query={query} keepWhileRefetching>
      {(data) => <p>{`${data.roles} rule`}</p>}
    </SettingsSection>,
  );
  expect(screen.getByText('1 rule')).toBeInTheDocument();
});

it('says what failed and retries', async () => {
  const refetch = jest.fn();
  render(
    <SettingsSection
      title="Rules"
      query={{ isFetching: false, refetch, error: { status: 500, data: { error: 'x', message: 'Boom.' } } }}
      errorTitle="The rules could not be loaded"
    >
      {() => <p>never</p>}
    </SettingsSection>,
  );
  expect(screen.getByText('The rules could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('Boom.')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: /retry/i }));
  expect(refetch).toHaveBeenCalled();
});
