import { describe, expect, it } from 'vitest';
import { allowedRedirectUrl, isOwnOrigin } from './external-redirect.ts';

const OWN = 'https://ouvrir.laurentide.example';
const VENDORS = ['https://auth.bankvendor.example', 'https://id.vendor.example:8443'];

describe('which addresses #/externalRedirect may leave for (issue 17)', () => {
  it.each([
    [
      '/security/oauth/authorize?client_id=clientOnlineApp',
      `${OWN}/security/oauth/authorize?client_id=clientOnlineApp`,
    ],
    [`${OWN}/#/home/dashboard`, `${OWN}/#/home/dashboard`],
    [
      'https://auth.bankvendor.example/oauth/authorize?x=1',
      'https://auth.bankvendor.example/oauth/authorize?x=1',
    ],
    ['https://id.vendor.example:8443/start', 'https://id.vendor.example:8443/start'],
  ])('follows %s', (href, expected) => {
    expect(allowedRedirectUrl(href, OWN, VENDORS)?.toString()).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/login'],
    ['a listed host on another port', 'https://id.vendor.example/start'],
    ['a listed host over http', 'http://auth.bankvendor.example/oauth'],
    ['a look-alike host', 'https://auth.bankvendor.example.evil.example/'],
    ['a user name that reads as the vendor', 'https://auth.bankvendor.example@evil.example/'],
    ['credentials on our own origin', 'https://user:pass@ouvrir.laurentide.example/'],
    ['a protocol-relative address', '//evil.example/x'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['nothing', null],
    ['an unparsable address', 'https://['],
  ])('refuses %s', (_what, href) => {
    expect(allowedRedirectUrl(href, OWN, VENDORS)).toBeNull();
  });

  it('needs no list for our own origin, and follows nothing else without one', () => {
    expect(isOwnOrigin('/security/login', OWN)).toBe(true);
    expect(isOwnOrigin('https://auth.bankvendor.example/', OWN)).toBe(false);
    expect(allowedRedirectUrl('https://auth.bankvendor.example/', OWN)).toBeNull();
  });
});
