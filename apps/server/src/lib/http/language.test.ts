import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { acceptLanguageChoice, linkInLanguage } from './language.ts';

/** Issue 30, A-minor 2: a fr-CA browser got the English sign-in; mail links lost the language. */
describe('the language of a page the server renders', () => {
  it('reads Accept-Language by weight, first of ours wins', () => {
    expect(acceptLanguageChoice('fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('fr');
    expect(acceptLanguageChoice('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(acceptLanguageChoice('de-DE,fr;q=0.5,en;q=0.4')).toBe('fr');
    expect(acceptLanguageChoice('en;q=0.2, fr-CA;q=0.8')).toBe('fr');
    expect(acceptLanguageChoice('fr;q=0, en')).toBe('en');
    expect(acceptLanguageChoice('de, es')).toBeNull();
    expect(acceptLanguageChoice('*')).toBeNull();
    expect(acceptLanguageChoice(undefined)).toBeNull();
  });

  it('puts the recipient’s language in a mail link, before the client’s route', () => {
    expect(linkInLanguage('https://portal.example.ca/#/auth-code', 'fr')).toBe(
      'https://portal.example.ca/?lang=fr#/auth-code',
    );
    expect(
      linkInLanguage('https://portal.example.ca/security/reset-password?token=a-b', 'en'),
    ).toBe('https://portal.example.ca/security/reset-password?token=a-b&lang=en');
    expect(linkInLanguage('https://portal.example.ca/security/login?lang=en', 'fr')).toBe(
      'https://portal.example.ca/security/login?lang=fr',
    );
  });

  describe('the sign-in page', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await createTestApp();
    });
    afterAll(() => test.close());
    const signInPage = (headers: Record<string, string>, query = '') =>
      test.app.inject({ url: `/security/login${query}`, headers });

    it('speaks French to a fr-CA browser on its first visit', async () => {
      const page = await signInPage({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
      expect(page.body).toContain('<html lang="fr-CA">');
      expect(page.body).toContain('Mot de passe oublié?');
    });

    it('keeps the language the person chose (cookie) or the link asked for (query)', async () => {
      const chosen = await signInPage({ 'accept-language': 'fr-CA', cookie: 'lang=en' });
      expect(chosen.body).toContain('<html lang="en-CA">');
      const linked = await signInPage(
        { 'accept-language': 'en-CA', cookie: 'lang=en' },
        '?lang=fr',
      );
      expect(linked.body).toContain('<html lang="fr-CA">');
      expect((await signInPage({})).body).toContain('<html lang="en-CA">');
    });
  });
});
