import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  InvestorListItem,
  InvestorView,
  InvitationView,
  Page as AdvisorPage,
} from '../../lib/advisor-api.ts';
import type { UserInfo } from '../../lib/user-info.tsx';
import { renderApp } from '../../test/render-app.tsx';

const API = '/service/jaxrs';

export const advisor: UserInfo = {
  firstName: 'Marc',
  lastName: 'Gagnon',
  email: 'advisor@example.com',
  onboardingComplete: false,
  ibId: null,
  adminLogin: false,
  trialUser: false,
  advisor: true,
  language: 'en',
};

export const INVESTOR_ID = 'bbbbbbbb-0000-4000-8000-000000000001';

export const invitation = (changes: Partial<InvitationView> = {}): InvitationView => ({
  id: 'cccccccc-0000-4000-8000-000000000001',
  investorId: INVESTOR_ID,
  investorName: 'Élise Côté',
  accountTypes: ['tfsa'],
  state: 'opened',
  sentAt: '2026-03-04T14:00:00Z',
  expiresAt: '2026-03-11T14:00:00Z',
  openedAt: '2026-03-04T15:00:00Z',
  startedAt: null,
  submittedAt: null,
  ...changes,
});

export const listItem = (changes: Partial<InvestorListItem> = {}): InvestorListItem => ({
  id: INVESTOR_ID,
  firstName: 'Élise',
  lastName: 'Côté',
  email: 'elise@example.com',
  latestInvitation: invitation(),
  ...changes,
});

export const investorView = (changes: Partial<InvestorView> = {}): InvestorView => ({
  ...listItem(),
  details: {
    firstName: 'Élise',
    lastName: 'Côté',
    email: 'elise@example.com',
    language: 'fr',
    birthDate: '1985-03-27',
    postalCode: 'H2X 1Y4',
  },
  invitations: [invitation()],
  ...changes,
});

export const page = <T,>(items: T[], total = items.length): AdvisorPage<T> => ({
  items,
  page: 1,
  pageSize: 20,
  total,
});

type Answer = { status: number; body?: unknown };
export const ok = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * The advisor and express API behind `window.fetch`: each `METHOD /path` answers from its
 * queue (the last answer repeats); unknown paths answer 404. Calls are recorded.
 */
export function fakeAdvisorApi(answers: Record<string, Answer[]> = {}) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const routes: Record<string, Answer[]> = {
    'GET /qadvisor/search/investor/express': [ok(page([listItem()]))],
    [`GET /qadvisor/investors/${INVESTOR_ID}`]: [ok(investorView())],
    'GET /qadvisor/invitations': [ok(page([invitation()]))],
    ...answers,
  };
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const path = url.pathname.replace(API, '');
    calls.push({ method, path, search: url.search, body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const queue = routes[`${method} ${path}`];
    const answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { errorCode: 'notFound' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    spy,
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** The real route table at an advisor path, signed in as an advisor; the pages load on demand. */
export async function renderAdvisor(path: string, language: 'en' | 'fr' = 'en') {
  const rendered = await renderApp({
    path,
    language,
    user: { status: 'signedIn', user: { ...advisor, language } },
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return rendered;
}
