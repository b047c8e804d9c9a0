// Descriptions come from people outside the portal: markdown is rendered, HTML and script never.
import { render, screen } from '@testing-library/react';
import { Markdown } from '../../src/components/Markdown';

it('renders markdown: emphasis, lists, code and links that open beside the portal', () => {
  render(<Markdown text={'One **bold** claim.\n\n- first\n- second\n\nSee `orders` and [the docs](https://docs.example.com/x).'} />);
  expect(screen.getByText('bold').tagName).toBe('STRONG');
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByText('orders').tagName).toBe('CODE');
  const link = screen.getByRole('link', { name: 'the docs' });
  expect(link).toHaveAttribute('href', 'https://docs.example.com/x');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

it('drops raw HTML, script and event handlers', () => {
  const { container } = render(
    <Markdown
      text={'Hello <script>window.hacked = true</script><img src=x onerror="window.hacked=true"> <b onclick="x()">bold?</b> world'}
    />,
  );
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('[onclick]')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(container).toHaveTextContent('Hello');
  expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
});

it('keeps only web and mail links: javascript: and relative addresses lose their target', () => {
  render(<Markdown text={'[evil](javascript:alert(1)) [inside](/app/admin) [mail](mailto:data@acme.example)'} />);
  expect(screen.getByText('evil').closest('a')?.getAttribute('href') ?? '').toBe('');
  expect(screen.getByText('inside').closest('a')?.getAttribute('href') ?? '').toBe('');
  expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:data@acme.example');
});

it('turns headings into bold paragraphs so the page keeps one h1', () => {
  render(<Markdown text={'# Title\n\n## Sub\n\n### Third'} />);
  expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  expect(screen.getByText('Title')).toHaveClass('fw-bold');
});
