// A vendor chatbot set in CHATBOT_URL replaces the built-in help assistant: the app's
// Content-Security-Policy must let its script, its calls and its frames in, and only then.
import { loadPortalConfig } from '../../../../server/src/config';
import { contentSecurityDirectives } from '../../../../server/src/platform/http/security';

const resolve = (values: readonly unknown[]) => values.map((value) => (typeof value === 'function' ? (value as () => string)() : value));

test('the chatbot origin joins script, connect and frame sources when configured', () => {
  const directives = contentSecurityDirectives(loadPortalConfig({ CHATBOT_URL: 'https://chat.vendor.example/widget.js' }), () => []);
  expect(directives.scriptSrc).toContain('https://chat.vendor.example');
  expect(directives.connectSrc).toContain('https://chat.vendor.example');
  expect(resolve(directives.frameSrc)).toContain('https://chat.vendor.example');
});

test('without one, no other script source is allowed', () => {
  const directives = contentSecurityDirectives(loadPortalConfig({}), () => []);
  expect(directives.scriptSrc).toEqual(["'self'"]);
});
