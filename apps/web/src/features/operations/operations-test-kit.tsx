import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  ApplicationCase,
  ApplicationQueueItem,
  ClaimView,
  Page as QueuePage,
  QueueCounts,
} from '../../lib/operations-api.ts';
import type { UserInfo } from '../../lib/user-info.tsx';
import { renderApp } from '../../test/render-app.tsx';

const API = '/service/jaxrs';

export const staff: UserInfo = {
  firstName: 'Maude',
  lastName: 'Gagnon',
  email: 'maude@example.com',
  onboardingComplete: false,
  ibId: null,
  adminLogin: true,
  trialUser: false,
  advisor: false,
};

export const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

export const counts: QueueCounts = {
  underReview: 4,
  requiresReview: 1,
  overdue: 2,
  identity: 3,
  funding: 0,
  pepForms: 2,
  pepFormsOverdue: 1,
  vendorEvents: 0,
};

export const myClaim: ClaimView = {
  kind: 'application',
  id: APPLICATION_ID,
  staffId: 'staff-1',
  staffName: 'Maude Gagnon',
  claimedAt: '2026-03-04T14:00:00Z',
  expiresAt: '2026-03-04T14:30:00Z',
  mine: true,
};

export const queueItem = (changes: Partial<ApplicationQueueItem> = {}): ApplicationQueueItem => ({
  id: APPLICATION_ID,
  status: 'underReview',
  version: 7,
  applicantNames: ['Camille Tremblay', 'Alex Roy'],
  province: 'QC',
  accountTypes: ['tfsa', 'cash'],
  joint: true,
  pep: true,
  submittedAt: '2026-02-25T15:00:00Z',
  ageBusinessDays: 5,
  overdue: true,
  awaitingSecondApproval: false,
  claim: null,
  ...changes,
});

export const page = <T,>(items: T[], total = items.length): QueuePage<T> => ({
  items,
  page: 1,
  pageSize: 25,
  total,
});

export const applicationCase = (changes: Partial<ApplicationCase> = {}): ApplicationCase => ({
  id: APPLICATION_ID,
  status: 'underReview',
  version: 7,
  submittedAt: '2026-02-25T15:00:00Z',
  ageBusinessDays: 5,
  pep: false,
  joint: false,
  applicants: [
    {
      role: 'primary',
      userId: 'user-1',
      name: 'Camille Tremblay',
      email: 'camille@example.com',
      language: 'fr',
    },
  ],
  outline: [
    {
      id: 'profile',
      heading: 'About you',
      level: 2,
      changeStep: 'profile',
      rows: [{ id: 'profile.firstName', label: 'First name', value: 'Camille' }],
    },
  ],
  documents: [],
  identity: [],
  signatures: [{ role: 'primary', status: 'signed', signedAt: '2026-02-25T14:50:00Z' }],
  audit: [
    {
      id: 'event-1',
      action: 'primarySignedIndividual',
      actorName: 'Camille Tremblay',
      actorRole: 'client',
      fromStatus: 'esignatureRequired',
      toStatus: 'underReview',
      details: {},
      createdAt: '2026-02-25T15:00:00Z',
    },
    {
      id: 'event-2',
      action: 'sinRevealed',
      actorName: 'Priya Patel',
      actorRole: 'staff',
      fromStatus: null,
      toStatus: null,
      details: { field: 'primary.sin', reason: 'Credit file mismatch' },
      createdAt: '2026-02-26T15:00:00Z',
    },
    {
      id: 'event-3',
      action: 'someFutureEvent',
      actorName: 'Priya Patel',
      actorRole: 'staff',
      fromStatus: 'underReview',
      toStatus: 'approved',
      details: {},
      createdAt: '2026-02-27T15:00:00Z',
    },
  ],
  mails: [],
  revealable: [{ field: 'primary.sin', masked: '***-***-789' }],
  informationRequests: [],
  firstApproval: null,
  pepForm: null,
  accounts: [],
  decline: null,
  claim: null,
  ...changes,
});

type Answer = { status: number; body?: unknown };
type Route = Answer | (() => Answer);
export const ok = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * The ops API behind `window.fetch`: each `METHOD /path` answers from its queue (the last
 * answer repeats); unknown paths answer 404. Calls are recorded with their query and body.
 */
export function fakeOpsApi(answers: Record<string, Route[]> = {}) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const routes: Record<string, Route[]> = {
    'GET /ops/queues': [ok(counts)],
    'GET /ops/applications': [ok(page([queueItem()]))],
    [`GET /ops/applications/${APPLICATION_ID}`]: [ok(applicationCase())],
    ...answers,
  };
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname.replace(API, ''), search: url.search, body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const queue = routes[`${method} ${url.pathname.replace(API, '')}`];
    const route = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { errorCode: 'notFound' },
    };
    const answer = typeof route === 'function' ? route() : route;
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

/** The real route table at a console path, signed in as staff; the console loads on demand. */
export async function renderConsole(path: string, language: 'en' | 'fr' = 'en') {
  const rendered = await renderApp({
    path,
    language,
    user: { status: 'signedIn', user: staff },
  });
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return rendered;
}
