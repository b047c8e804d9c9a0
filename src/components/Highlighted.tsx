// Text a search answered with its matched words marked (the contract's HighlightedText).
import type { HighlightedText } from '@common/search/highlightedText';

export function Highlighted({ parts }: { parts: HighlightedText }) {
  return <>{parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}</>;
}
