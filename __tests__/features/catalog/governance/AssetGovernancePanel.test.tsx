import { screen, within } from '@testing-library/react';
import { AssetGovernancePanel } from '../../../../src/features/catalog/governance/AssetGovernancePanel';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { GLOSSARY_ID, serve, term } from './governanceFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

it("shows the asset's glossary terms, each opening the term, and its tags with who put them there", async () => {
  const revenue = term('Revenue', { status: 'approved' });
  const requests = serve({
    'GET api/catalog/governance/asset': () =>
      json(200, {
        terms: [
          { id: revenue.id, name: 'Revenue', glossaryId: GLOSSARY_ID, glossary: 'Sales', status: 'approved', columnName: 'order_total' },
        ],
        tags: [
          {
            tagId: 'a',
            tag: 'Tier1',
            classification: 'Tier',
            nodeId: 'model.acme_shop.fct_orders',
            nodeName: 'fct_orders',
            columnName: null,
            source: 'dbt',
            appliedBy: null,
          },
          {
            tagId: 'b',
            tag: 'Sensitive',
            classification: 'PII',
            nodeId: 'model.acme_shop.fct_orders',
            nodeName: 'fct_orders',
            columnName: 'customer_id',
            source: 'manual',
            appliedBy: 'docs',
          },
        ],
      }),
  });
  renderWithRouter(
    makeSignedInStore(['user', 'Client-dataworks-business-users']),
    [{ path: '/asset', element: <AssetGovernancePanel assetId="model.acme_shop.fct_orders" assetName="fct_orders" /> }],
    '/asset',
  );
  const panel = await screen.findByRole('region', { name: 'Glossary and classifications' }, { timeout: 5000 });
  const link = await within(panel).findByRole('link', { name: 'Revenue' });
  expect(link).toHaveAttribute('href', `/app/data-catalog/governance/glossary?glossary=${GLOSSARY_ID}&term=${revenue.id}`);
  expect(link.parentElement).toHaveTextContent('(Sales, Approved) on order_total');
  expect(within(panel).getByText('Tier.Tier1').parentElement).toHaveTextContent('from dbt');
  expect(within(panel).getByText('PII.Sensitive').parentElement).toHaveTextContent('on customer_id, applied by a person');
  expect(requests[0]?.route).toBe('GET api/catalog/governance/asset?assetId=model.acme_shop.fct_orders');
});
