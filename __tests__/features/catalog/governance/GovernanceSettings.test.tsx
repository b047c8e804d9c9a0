import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultGovernanceSettings } from '../../../../common/catalog-governance/settingsContract';
import { ClassificationSettingsSection } from '../../../../src/features/catalog/governance/settings/ClassificationSettingsSection';
import { GlossarySettingsSection } from '../../../../src/features/catalog/governance/settings/GlossarySettingsSection';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from './governanceFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

function start() {
  let settings = { ...defaultGovernanceSettings };
  const requests = serve({
    'GET api/catalog/governance/settings': () => json(200, { settings, updatedAt: null, updatedBy: null }),
    'PUT api/catalog/governance/settings': (request) => {
      const body = JSON.parse(String(request.data)) as typeof settings;
      if (body.piiNamePatterns.some((pattern) => !/^[a-z0-9_]+$/.test(pattern)))
        return json(400, {
          error: 'invalid_request',
          field: 'piiNamePatterns.0',
          message: 'piiNamePatterns.0: may hold only letters, digits and _',
        });
      settings = body;
      return json(200, { settings, updatedAt: '2026-11-24T10:00:00.000Z', updatedBy: 'admin' });
    },
  });
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [
      {
        path: '/app/data-catalog/settings',
        element: (
          <>
            <GlossarySettingsSection />
            <ClassificationSettingsSection />
          </>
        ),
      },
    ],
    '/app/data-catalog/settings',
  );
  return requests;
}

it('saves the glossary editor roles and the classification rules, each from its own section', async () => {
  const user = userEvent.setup();
  const requests = start();
  const editors = await screen.findByRole('region', { name: 'Glossary editors' }, { timeout: 5000 });
  expect(await within(editors).findByLabelText('Client-Dataworks-docs')).toBeChecked();
  await user.click(within(editors).getByLabelText('Client-dataworks-business-users'));
  await user.click(within(editors).getByRole('button', { name: 'Save glossary editors' }));
  expect(await within(editors).findByText('Saved.')).toBeInTheDocument();
  const rules = screen.getByRole('region', { name: 'Classification rules' });
  const patterns = within(rules).getByLabelText('Column names that suggest personal data');
  await user.clear(patterns);
  await user.type(patterns, 'e-mail');
  await user.click(within(rules).getByRole('button', { name: 'Save classification rules' }));
  expect(await within(rules).findByText(/may hold only letters, digits and _/)).toBeInTheDocument();
  await user.clear(patterns);
  await user.type(patterns, 'email, national_id');
  await user.click(within(rules).getByLabelText(/Also check a sample/));
  await user.click(within(rules).getByRole('button', { name: 'Save classification rules' }));
  expect(await within(rules).findByText('Saved.')).toBeInTheDocument();
  const puts = requests.filter((request) => request.route.startsWith('PUT')).map((request) => request.body);
  expect(puts[0]).toMatchObject({ glossaryEditorRoles: ['admin', 'Client-Dataworks-docs', 'Client-dataworks-business-users'] });
  expect(puts[2]).toMatchObject({
    piiNamePatterns: ['email', 'national_id'],
    sampleValues: false,
    glossaryEditorRoles: ['admin', 'Client-Dataworks-docs', 'Client-dataworks-business-users'],
  });
});
