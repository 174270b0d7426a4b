import { describe, expect, it } from 'vitest';
import { describe as describeValue, languageFromCookie, rememberLanguage } from './language.ts';

describe('language cookie', () => {
  it('is English by default', () => {
    expect(languageFromCookie()).toBe('en');
  });

  it('is French when the cookie begins with fr', () => {
    document.cookie = 'lang=fr-CA; path=/';
    expect(languageFromCookie()).toBe('fr');
    document.cookie = 'lang=FR; path=/';
    expect(languageFromCookie()).toBe('fr');
    document.cookie = 'lang=en; path=/';
    expect(languageFromCookie()).toBe('en');
    document.cookie = 'lang=ffr; path=/';
    expect(languageFromCookie()).toBe('en');
  });

  it('is remembered for one year', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
    try {
      rememberLanguage('fr');
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('lang=fr');
    expect(writes[0]).toContain(`max-age=${365 * 24 * 60 * 60}`);
    expect(writes[0]).toContain('SameSite=Lax');
    expect(languageFromCookie()).toBe('fr');
  });
});

describe('reference values', () => {
  it('show descriptionFr in French and fall back to English', () => {
    const quebec = { description: 'Quebec', descriptionFr: 'Québec' };
    expect(describeValue(quebec, 'fr')).toBe('Québec');
    expect(describeValue(quebec, 'en')).toBe('Quebec');
    expect(describeValue({ description: 'Other', descriptionFr: '' }, 'fr')).toBe('Other');
    expect(describeValue({ description: 'Other', descriptionFr: null }, 'fr')).toBe('Other');
  });
});
