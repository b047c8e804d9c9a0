// Malformed request bodies for the mutating routes: not JSON, not objects, wrong types,
// unknown fields, prototype tricks and values outside the rules. Each must get a 400.

/** Raw texts sent as application/json that are not a JSON object at all. */
export const notJsonObjects: string[] = [
  '',
  '{',
  '}',
  '{"name":',
  '{"name": "x",}',
  "{'name': 'x'}",
  'nul',
  'undefined',
  'NaN',
  '[1, 2',
  '"just a string"',
  '42',
  'true',
  'null',
  '[]',
  '[{"name": "x", "url": "https://x.example"}]',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '\u0000',
  '{"name": "\\ud800"',
];

/** Values that are never a valid dashboard name. */
export const badNames: unknown[] = [
  '',
  '   ',
  'x'.repeat(81),
  'tab\there',
  'new\nline',
  'bell\u0007',
  'zero\u200bwidth',
  42,
  true,
  null,
  [],
  {},
  ['a'],
];

/** Values that are never a valid dashboard url. */
export const badUrls: unknown[] = [
  '',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ftp://files.example.com/a',
  '//evil.example.com/x',
  '/relative/path',
  'example.com',
  'http://',
  'https://user:secret@example.com/',
  `https://example.com/${'a'.repeat(2100)}`,
  'vbscript:msgbox',
  42,
  null,
  { href: 'https://example.com' },
];

/** Values that are never a valid order. */
export const badOrders: unknown[] = [-1, 1.5, '1', 1e9, null, true, [], {}, Number.NaN];
