// Full-text search every area shares (docs/architecture.md): safe tsqueries from typed text and
// highlighted extracts in the contract's `HighlightedText` shape.
export {
  anyWordQuery,
  highlight,
  highlightedExtract,
  markdownToPlain,
  MAX_WORDS,
  prefixQuery,
  queryWords,
  significantWords,
} from './searchText.js';
export { parseSearch, type ParsedSearch } from './searchQuery.js';
