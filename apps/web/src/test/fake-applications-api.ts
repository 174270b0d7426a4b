import { vi } from 'vitest';
import { resumeStep, chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import type { SavedSteps } from '@portal/domain/rules/onboarding-flow';
import type { ApplicationDetail } from '../lib/applications-api.ts';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A stand-in for the applications API behind `window.fetch`, holding applications in memory
 * with the server's version rule (a stale version answers 409). Tests can queue one-off
 * answers (`failNext`) to play conflicts and outages.
 */
export function fakeApplicationsApi(
  initial: Partial<ApplicationDetail>[] = [],
  {
    savedAs = (_step: string, data: unknown) => data,
  }: {
    /** What the server keeps of a step's data (it normalizes and masks); as sent by default. */
    savedAs?: (step: string, data: unknown) => unknown;
  } = {},
) {
  const applications = new Map<string, ApplicationDetail>();
  const calls: FakeCall[] = [];
  const queued: { status: number; body: unknown }[] = [];
  let counter = 0;

  const make = (values: Partial<ApplicationDetail>): ApplicationDetail => {
    counter += 1;
    const steps = values.steps ?? {};
    const at = new Date(Date.UTC(2026, 10, counter)).toISOString();
    return {
      id: `${String(counter).padStart(8, 'a')}-0000-4000-8000-000000000000`,
      status: 'new',
      role: 'primary',
      version: 1,
      ownershipTypeId: null,
      createdAt: at,
      updatedAt: at,
      ...values,
      steps,
      nextStep: resumeStep(values.status ?? 'new', steps, values.role),
      accounts: chosenAccounts(steps),
    };
  };
  for (const values of initial) {
    const application = make(values);
    applications.set(application.id, application);
  }

  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const summary = ({ steps: _steps, ...rest }: ApplicationDetail) => rest;

  function answer(method: string, path: string, body: unknown): Response {
    const once = queued.shift();
    if (once) return json(once.status, once.body);
    const match = path.match(/^\/service\/jaxrs\/applications(?:\/([^/]+))?(?:\/steps\/(\w+))?$/);
    if (!match) return json(404, { errorCode: 'notFound' });
    const [, id, step] = match;
    if (!id && method === 'GET') {
      return json(200, [...applications.values()].reverse().map(summary));
    }
    if (!id && method === 'POST') {
      const application = make({});
      applications.set(application.id, application);
      return json(201, summary(application));
    }
    const application = id ? applications.get(id) : undefined;
    if (!application) return json(404, { errorCode: 'notFound' });
    if (method === 'GET') return json(200, application);
    if (method === 'DELETE') {
      applications.delete(application.id);
      return json(204);
    }
    if (method === 'PUT' && step) {
      const { version, data } = body as { version: number; data: unknown };
      if (version !== application.version) {
        return json(409, { errorCode: 'staleVersion', currentVersion: application.version });
      }
      const stored = savedAs(step, data);
      const steps: SavedSteps = { ...application.steps, [step]: stored };
      const saved = {
        ...application,
        steps,
        status: 'continue' as const,
        version: application.version + 1,
        nextStep: resumeStep('continue', steps),
        accounts: chosenAccounts(steps),
      };
      applications.set(saved.id, saved);
      return json(200, { ...summary(saved), saved: stored });
    }
    return json(405, { errorCode: 'methodNotAllowed' });
  }

  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    calls.push({ method, path: url.pathname, body });
    return answer(method, url.pathname, body);
  });

  return {
    applications,
    calls,
    fetchSpy,
    /** The next API call answers this, whatever it asks. */
    failNext(status: number, body: unknown = { errorCode: 'unexpected' }) {
      queued.push({ status, body });
    },
    /** Another tab saved meanwhile: the stored version moves on. */
    changeElsewhere(id: string) {
      const application = applications.get(id);
      if (application) applications.set(id, { ...application, version: application.version + 1 });
    },
    first(): ApplicationDetail {
      const found = [...applications.values()][0];
      if (!found) throw new Error('no application');
      return found;
    },
  };
}
