import type { ReferenceListName } from '../lib/reference-lists.ts';
import { saveLanguage, settings, userInfo } from './account.routes.ts';
import { addressLookup } from './address-lookup.routes.ts';
import {
  applicationMessages,
  notFound,
  refusal,
  signInRequired,
  type InMemoryAnswer,
  type InMemoryRequest,
} from './answers.ts';
import {
  createApplication,
  listApplications,
  maskedSteps,
  removeApplication,
  saveStep,
  summaryOf,
} from './applications.routes.ts';
import { coAuthCode } from './co-auth-code.routes.ts';
import { ceremony, esignState, signedCopy, startSigning } from './esign.routes.ts';
import { fundingLists } from './funding.routes.ts';
import { sampleFlags, sampleReferences } from './sample-data.ts';
import { caller, issueToken, security, signIn } from './security.routes.ts';
import { freshState, type InMemoryState, type InMemoryStore } from './store.ts';

/**
 * The server's API contract for the applicant's journey, answered in the browser from memory
 * (spec section 7: "In an in-memory mode, sample data replaces the calls"). Each answer keeps
 * the server's status and body shape, refusals included (401 signed out, 404 unknown or someone
 * else's, 409 stale version or locked, 400 `invalidInput` with the same `fields`), and the rules
 * are the domain's: the step schemas, the status machine, where Continue resumes. The MSW
 * handlers only turn HTTP into calls of `answer`; the contract test runs the same cases here
 * and against the server. Paths not in the journey answer 404 `notFound`, as the server does
 * for a path it does not have.
 *
 * This module routes each call to its group (`*.routes.ts` beside it), which answers it on the
 * state of `store.ts`.
 */

export type { InMemoryAnswer, InMemoryRequest } from './answers.ts';
export { freshState, type InMemoryState } from './store.ts';

const API = '/service/jaxrs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The server's answer to a path parameter that is not a UUID (zod validation, 400). */
const invalidId = () =>
  refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields: { id: 'invalid' } });

export class InMemoryApi implements InMemoryStore {
  constructor(
    public state: InMemoryState = freshState(),
    /** Called after every change (the browser keeps the state in session storage). */
    private readonly changed: (state: InMemoryState) => void = () => {},
    readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  commit<T>(value: T): T {
    this.changed(this.state);
    return value;
  }

  /** The sign-in stand-in's choice: the sample applicant signs in (a new session). */
  signIn(): void {
    signIn(this);
  }

  /** A new token for the session, or undefined when signed out (`oauth/authorize`). */
  issueToken(): string | undefined {
    return issueToken(this);
  }

  answer(request: InMemoryRequest): InMemoryAnswer {
    const url = new URL(request.url, 'http://in-memory');
    const path = url.pathname;
    const method = request.method.toUpperCase();
    if (path.startsWith('/security/')) return security(this, method, path.slice(9), url);
    if (path.startsWith('/sandbox/esign/')) return ceremony(this, method, path.slice(15), request);
    if (!path.startsWith(`${API}/`)) return notFound();
    const route = path.slice(API.length);

    // Calls that need no sign-in.
    if (method === 'GET' && route === '/flags') return { status: 200, body: sampleFlags };
    if (method === 'POST' && route === '/errors') return { status: 201 };
    const list = /^\/references\/([^/]+)$/.exec(route)?.[1];
    if (method === 'GET' && list) {
      const values = sampleReferences[list as ReferenceListName];
      if (!values) {
        return refusal(400, 'invalidInput', applicationMessages.invalidInput, {
          fields: { list: 'invalid' },
        });
      }
      return { status: 200, body: values };
    }

    const user = caller(this, request);
    if (!user) return signInRequired();
    if (method === 'GET' && route === '/users') return { status: 200, body: userInfo(this) };
    if (route === '/account' && method === 'GET') return { status: 200, body: settings(this) };
    if (route === '/account/language' && method === 'PUT') return saveLanguage(this, request.body);
    if (route.startsWith('/addressLookup/') && method === 'GET') return addressLookup(route, url);
    if (method === 'GET') {
      const funding = fundingLists(this, route, url);
      if (funding) return funding;
    }
    if (route === '/coAuthCode' || route.startsWith('/coAuthCode/')) {
      return coAuthCode(method, route, request);
    }
    if (route === '/applications') {
      if (method === 'GET') return { status: 200, body: listApplications(this) };
      if (method === 'POST') return createApplication(this);
      return notFound();
    }
    const match = /^\/applications\/([^/]+)(\/.*)?$/.exec(route);
    if (!match) return notFound();
    const [, id = '', rest = ''] = match;
    if (!UUID.test(id)) return invalidId();
    const row = this.state.applications.find((a) => a.id === id && a.ownerId === user.id);
    if (!row) return notFound();
    if (rest === '') {
      if (method === 'GET') {
        return { status: 200, body: { ...summaryOf(row), steps: maskedSteps(row.steps) } };
      }
      if (method === 'DELETE') return removeApplication(this, row);
      return notFound();
    }
    if (method === 'GET' && rest === '/next-step') {
      return { status: 200, body: { step: summaryOf(row).nextStep } };
    }
    const step = /^\/steps\/([^/]+)$/.exec(rest)?.[1];
    if (method === 'PUT' && step !== undefined) return saveStep(this, row, step, request.body);
    if (rest === '/esign') {
      if (method === 'GET') return { status: 200, body: esignState(this, row) };
      if (method === 'POST') return startSigning(this, row, request);
    }
    if (method === 'GET' && rest === '/esign/document') return signedCopy(this, row);
    // What the steps read beside the answers: no documents uploaded, no promo code, no partner.
    if (method === 'GET' && rest === '/documents') return { status: 200, body: [] };
    if (method === 'GET' && rest === '/promoCode')
      return { status: 200, body: { promoCode: null } };
    if (method === 'GET' && rest === '/partnerAgreement') {
      return { status: 200, body: { partnerAgreement: null } };
    }
    return notFound();
  }
}
