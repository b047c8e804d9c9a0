// Markdown written by people outside the portal (dbt descriptions, articles) rendered safely:
// react-markdown builds React elements, never HTML strings, and raw HTML in the text is dropped
// (`skipHtml`), so a description cannot run script or add event handlers. Links to anything but
// http(s) and mailto lose their address.
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';

const SAFE_LINK = /^(https?:|mailto:)/i;

function safeUrl(url: string): string {
  const transformed = defaultUrlTransform(url);
  // Relative links would point into the portal itself: keep only absolute web and mail links.
  return SAFE_LINK.test(transformed) ? transformed : '';
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ?? 'dw-markdown'}>
      <ReactMarkdown
        skipHtml
        urlTransform={safeUrl}
        components={{
          // External links open beside the portal and pass nothing about it on.
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
          // Headings inside a description must not compete with the page's own h1/h2.
          h1: ({ node: _node, ...props }) => <p className="fw-bold" {...props} />,
          h2: ({ node: _node, ...props }) => <p className="fw-bold" {...props} />,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
