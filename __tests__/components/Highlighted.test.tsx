import { render } from '@testing-library/react';
import { Highlighted } from '../../src/components/Highlighted';

it('marks the matched words only', () => {
  const { container } = render(
    <p>
      <Highlighted
        parts={[
          { text: 'Orders by ', match: false },
          { text: 'customer', match: true },
        ]}
      />
    </p>,
  );
  expect(container).toHaveTextContent('Orders by customer');
  expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['customer']);
});
