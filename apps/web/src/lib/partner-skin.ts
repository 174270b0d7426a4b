import type { Language } from '@portal/domain';
import { readCookie } from './cookies.ts';

/** The five partner cookies of spec section 1. */
export const PARTNER_COOKIES = {
  skin: 'partnerSkin',
  name: 'partnerName',
  nameFr: 'partnerNameFr',
  url: 'partnerUrl',
  urlFr: 'partnerUrlFr',
} as const;

/** Our own brand: a partner cookie naming it is no partnership. */
export const DEFAULT_PARTNER = 'laurentide';

/** Skins with a theme in `styles/skins.css`; any other value keeps our own look. */
export const knownSkins = ['laurentide', 'harbour', 'prairie'] as const;
export type Skin = (typeof knownSkins)[number];

export interface PartnerSkin {
  skin: Skin;
  partner?: { name: string; url?: string };
}

/** A partner URL comes from a cookie, so only plain web addresses are ever linked. */
function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function readPartnerSkin(language: Language): PartnerSkin {
  const skinCookie = readCookie(PARTNER_COOKIES.skin)?.trim().toLowerCase();
  const skin = knownSkins.find((known) => known === skinCookie) ?? 'laurentide';
  const nameEn = readCookie(PARTNER_COOKIES.name)?.trim();
  const nameFr = readCookie(PARTNER_COOKIES.nameFr)?.trim();
  const name = (language === 'fr' && nameFr) || nameEn;
  const isDefault =
    !name || name.toLowerCase() === DEFAULT_PARTNER || skinCookie === DEFAULT_PARTNER;
  if (isDefault) return { skin };
  const url =
    (language === 'fr' && safeUrl(readCookie(PARTNER_COOKIES.urlFr))) ||
    safeUrl(readCookie(PARTNER_COOKIES.url));
  return { skin, partner: url ? { name, url } : { name } };
}

/** The skin is a data attribute on `<html>`; the CSS of that skin overrides the tokens. */
export function applySkin(skin: Skin): void {
  document.documentElement.dataset.skin = skin;
}
