import type { Language } from '@portal/domain';

type LinkPair = Readonly<Record<Language, string>>;

const SITE = 'https://www.laurentide-investing.ca';
const both = (path: string): LinkPair => ({ en: `${SITE}/en${path}`, fr: `${SITE}/fr${path}` });

/** Every destination outside this application, per language (spec section 2, header/footer). */
export const siteLinks = {
  faq: both('/help/faq'),
  contactUs: both('/contact-us'),
  accessibility: both('/accessibility'),
  privacy: both('/privacy'),
  terms: both('/terms-of-use'),
  security: both('/security'),
  privacyFrame: both('/privacy/summary?frame=true'),
  forms: both('/forms'),
  applicationDownload: both('/open-an-account/paper-application'),
  clientIndex: both('/client'),
  cipf: { en: 'https://www.cipf.ca/', fr: 'https://www.cipf.ca/fr' },
  ciro: { en: 'https://www.ciro.ca/', fr: 'https://www.ciro.ca/fr' },
} as const satisfies Record<string, LinkPair>;

export type SiteLink = keyof typeof siteLinks;

/** Pages of our own server, outside the single-page client. */
export const serverPaths = {
  login: '/security/login',
  logout: '/security/logout?skipredirect=true',
  register: '/security/register',
  advisorSearch: '/qadvisor/search/investor/express',
  notFoundFrame: '/not-found-frame.html',
} as const;
