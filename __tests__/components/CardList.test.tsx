import { render, screen, within } from '@testing-library/react';
import { CardList } from '../../src/components/CardList';

const items = [
  { id: 'a', name: 'First' },
  { id: 'b', name: 'Second' },
];

it('names the list for assistive technology, says the count and shows a card per item', () => {
  render(
    <CardList titleId="things-title" title="Things" count="2 things" items={items} itemKey={(item) => item.id} empty={<p>None</p>}>
      {(item) => <h3>{item.name}</h3>}
    </CardList>,
  );
  const section = screen.getByRole('region', { name: 'Things' });
  expect(screen.getByRole('heading', { name: 'Things', level: 2 })).toHaveClass('visually-hidden');
  expect(within(section).getByText('2 things')).toHaveAttribute('aria-live', 'polite');
  const cards = within(section).getAllByRole('listitem');
  expect(cards.map((card) => card.textContent)).toEqual(['First', 'Second']);
  expect(cards[0]?.firstElementChild).toHaveClass('card-body');
  expect(screen.queryByText('None')).not.toBeInTheDocument();
});

it('shows what to do when there is nothing, with the count still said', () => {
  render(
    <CardList titleId="things-title" title="Things" count="0 things" items={[]} itemKey={() => ''} empty={<p>Nothing yet.</p>}>
      {() => null}
    </CardList>,
  );
  expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
  expect(screen.getByText('0 things')).toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});
