import { afterEach, describe, expect, it } from 'vitest';
import { applySkin, readPartnerSkin } from './partner-skin.ts';

const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
};

describe('partner skin cookies', () => {
  afterEach(() => {
    delete document.documentElement.dataset.skin;
  });

  it('is our own look with no partnership when no cookie is set', () => {
    expect(readPartnerSkin('en')).toEqual({ skin: 'laurentide' });
  });

  it('applies a known skin and names the partner in the language shown', () => {
    setCookie('partnerSkin', 'harbour');
    setCookie('partnerName', 'Harbour Credit Union');
    setCookie('partnerNameFr', 'Caisse Harbour');
    setCookie('partnerUrl', 'https://harbour.example.ca/');
    setCookie('partnerUrlFr', 'https://harbour.example.ca/fr');
    expect(readPartnerSkin('en')).toEqual({
      skin: 'harbour',
      partner: { name: 'Harbour Credit Union', url: 'https://harbour.example.ca/' },
    });
    expect(readPartnerSkin('fr')).toEqual({
      skin: 'harbour',
      partner: { name: 'Caisse Harbour', url: 'https://harbour.example.ca/fr' },
    });
  });

  it('shows no partnership line for the default partner', () => {
    setCookie('partnerSkin', 'laurentide');
    setCookie('partnerName', 'laurentide');
    expect(readPartnerSkin('en').partner).toBeUndefined();
  });

  it('keeps our look for an unknown skin and never links a script address', () => {
    setCookie('partnerSkin', 'unknown-skin');
    setCookie('partnerName', 'Prairie Co-op');
    setCookie('partnerUrl', 'javascript:alert(1)');
    expect(readPartnerSkin('en')).toEqual({
      skin: 'laurentide',
      partner: { name: 'Prairie Co-op' },
    });
  });

  it('falls back to the English name and URL in French', () => {
    setCookie('partnerName', 'Prairie Co-op');
    setCookie('partnerUrl', 'https://prairie.example.ca/');
    expect(readPartnerSkin('fr').partner).toEqual({
      name: 'Prairie Co-op',
      url: 'https://prairie.example.ca/',
    });
  });

  it('marks the document with the skin so its tokens apply', () => {
    applySkin('prairie');
    expect(document.documentElement.dataset.skin).toBe('prairie');
  });
});
