import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@portal/domain/constants';
import type { FastifyReply } from 'fastify';
import { isHttps } from './cookies.ts';

export type PageLanguage = 'en' | 'fr';

/**
 * The language an `Accept-Language` header prefers among ours, or null when it names neither:
 * the entries by weight (`q`, 1 unless given; an entry with q=0 refused), the first whose
 * primary tag is `en` or `fr` wins ("fr-CA,fr;q=0.9,en;q=0.8" is French,
 * "en-US,en;q=0.9,fr;q=0.8" English).
 */
export function acceptLanguageChoice(header: string | undefined): PageLanguage | null {
  if (!header) return null;
  const entries = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = entries.find((entry) => entry.primary === 'en' || entry.primary === 'fr');
  return (found?.primary as PageLanguage | undefined) ?? null;
}

/** The `lang` cookie's choice, as the client reads it (French when it begins with `fr`). */
export function cookieLanguage(request: FastifyRequest): PageLanguage | undefined {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  if (cookie === undefined || cookie === '') return undefined;
  return cookie.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/**
 * The language of a page the server renders (issue 30, A-minor 2): `?lang=` when given (a link
 * in a mail carries its recipient's), then the `lang` cookie the client sets, then the
 * browser's Accept-Language (a fr-CA browser's first visit), else English.
 */
export function pageLanguageOf(request: FastifyRequest, query?: string): PageLanguage {
  if (query === 'fr' || query === 'en') return query;
  return (
    cookieLanguage(request) ?? acceptLanguageChoice(request.headers['accept-language']) ?? 'en'
  );
}

/** The same cookie, and lifetime, as the client's language switch (the client reads it). */
export function rememberLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  language: PageLanguage,
) {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

/**
 * `url` with `lang=` in its query (before any `#` route of the client): a link in a mail opens
 * its page in the recipient's language, whatever the browser's cookie or settings (A-minor 2).
 * `/` and the server's own pages read it (`pageLanguageOf`, the web client).
 */
export function linkInLanguage(url: string, language: PageLanguage): string {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = base.indexOf('?');
  const path = queryAt < 0 ? base : base.slice(0, queryAt);
  const params = new URLSearchParams(queryAt < 0 ? '' : base.slice(queryAt + 1));
  params.set('lang', language);
  return `${path}?${params.toString()}${hash}`;
}
