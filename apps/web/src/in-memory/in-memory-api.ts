import type { ApplicationSummary } from '@portal/domain/application-summary';
import { takesEftContributions } from '@portal/domain/rules/eft-eligibility';
import { namedAccountTypes } from '@portal/domain/enums/account-types';
import { currencyTypeIdOf } from '@portal/domain/enums/funding';
import { onboardingSteps, type OnboardingStep } from '@portal/domain/onboarding-steps';
import {
  esignReturnPath,
  signedEvent,
  signerOnTurn,
  type EsignState,
} from '@portal/domain/rules/esign';
import {
  chosenAccounts,
  resumeStep,
  stepApplies,
  stepOpen,
  type SavedSteps,
} from '@portal/domain/rules/onboarding-flow';
import { withSinsAsCanadianTins } from '@portal/domain/rules/affiliations';
import { stepSchemaFor, withServerFacts } from '@portal/domain/rules/step-schemas';
import {
  acceptsChanges,
  allows,
  canDelete,
  fundingOpen,
  nextState,
  type ApplicationEvent,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import { OAUTH_CLIENT_ID } from '@portal/domain/constants';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { sameName } from '@portal/domain/rules/person-name';
import {
  coAuthCodeErrorCodes,
  demoAuthCodeStatuses,
  isDemoAuthCode,
} from '@portal/domain/rules/co-auth-code';
import { codeMessagesEn, codeMessagesFr } from '@portal/domain/messages/code-messages';
import type { ReferenceListName } from '../lib/reference-lists.ts';
import {
  sampleAddresses,
  sampleApplicant,
  sampleFlags,
  sampleReferences,
  type SampleUser,
} from './sample-data.ts';
import { masked, restoreBlankFields } from './sealed-fields.ts';

/**
 * The server's API contract for the applicant's journey, answered in the browser from memory
 * (spec section 7: "In an in-memory mode, sample data replaces the calls"). Each answer keeps
 * the server's status and body shape, refusals included (401 signed out, 404 unknown or someone
 * else's, 409 stale version or locked, 400 `invalidInput` with the same `fields`), and the rules
 * are the domain's: the step schemas, the status machine, where Continue resumes. The MSW
 * handlers only turn HTTP into calls of `answer`; the contract test runs the same cases here
 * and against the server. Paths not in the journey answer 404 `notFound`, as the server does
 * for a path it does not have.
 */

export interface InMemoryRequest {
  method: string;
  /** Path and query, e.g. `/service/jaxrs/applications?x=1`. */
  url: string;
  headers: Headers;
  /** The parsed JSON body, when one was sent. */
  body?: unknown;
}

export interface InMemoryAnswer {
  status: number;
  /** JSON, or a string sent as plain text. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

interface StoredApplication {
  id: string;
  ownerId: string;
  status: ApplicationState;
  version: number;
  ownershipTypeId: number | null;
  /** As submitted (plain SINs and TINs); answered masked. */
  steps: SavedSteps;
  createdAt: string;
  updatedAt: string;
  /** The ids of the accounts it opens, given when funding first lists them. */
  accountIds?: Record<string, string>;
}

interface Envelope {
  id: string;
  applicationId: string;
  role: 'primary' | 'joint';
  status: 'pending' | 'signed' | 'declined' | 'expired';
  signerName: string;
  signerEmail: string;
  language: 'en' | 'fr';
  expiresAt: string;
  returnPath: string;
}

export interface InMemoryState {
  user: SampleUser;
  emailVerified: boolean;
  /** The stand-in of the server's session cookie: whether the sample applicant is signed in. */
  signedIn: boolean;
  sessionStartedAt: string;
  /** Live access tokens; signing out revokes them all. */
  tokens: string[];
  applications: StoredApplication[];
  envelopes: Envelope[];
}

export function freshState(): InMemoryState {
  return {
    user: { ...sampleApplicant },
    emailVerified: true,
    signedIn: true,
    sessionStartedAt: new Date().toISOString(),
    tokens: [],
    applications: [],
    envelopes: [],
  };
}

const API = '/service/jaxrs';
const SESSION_IDLE_MS = 30 * 60_000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
const ENVELOPE_TTL_MS = 7 * 24 * 60 * 60_000;

const refusal = (status: number, errorCode: string, message: string, extra: object = {}) => ({
  status,
  body: { errorCode, message, ...extra },
});
const notFound = () => refusal(404, 'notFound', 'Not found.');
const signInRequired = () => refusal(401, 'signInRequired', 'Sign in required.');

/** The server's messages for the applications' refusals (applications.routes.ts). */
const applicationMessages = {
  applicationLocked: 'This application was submitted for review and can no longer change.',
  staleVersion: 'The application changed elsewhere; reload it.',
  stepNotAvailable: 'This step cannot be saved yet.',
  invalidInput: 'The request is not valid.',
} as const;

const esignMessages = {
  notYourTurn: 'It is not your turn to sign this application.',
  alreadySigned: 'You have already signed this application.',
  signerUnknown: 'The profile of the person who signs is missing.',
  notSigned: 'There is no signed document yet.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The server's answer to a path parameter that is not a UUID (zod validation, 400). */
const invalidId = () =>
  refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields: { id: 'invalid' } });

type Steps = Record<string, unknown>;

function maskedSteps(steps: SavedSteps): Steps {
  return Object.fromEntries(
    Object.entries(steps as Steps).map(([step, data]) => [step, masked(step, data)]),
  );
}

function summaryOf(row: StoredApplication): ApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    role: 'primary',
    version: row.version,
    ownershipTypeId: row.ownershipTypeId,
    // bypass-qualId is on in this mode (the demo flags): no `identity` field, as on the server.
    nextStep: resumeStep(row.status, row.steps, 'primary'),
    accounts: chosenAccounts(row.steps),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stand-in PDF for "download your signed copy": one page saying what it is. */
function signedCopyPdf(name: string): string {
  const line = `Sample signed copy (in-memory mode): ${name}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${line}) Tj ET`;
  return [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj',
    `4 0 obj <</Length ${stream.length}>> stream\n${stream}\nendstream endobj`,
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n');
}

export class InMemoryApi {
  constructor(
    public state: InMemoryState = freshState(),
    /** Called after every change (the browser keeps the state in session storage). */
    private readonly changed: (state: InMemoryState) => void = () => {},
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  private commit<T>(value: T): T {
    this.changed(this.state);
    return value;
  }

  /** The bearer token of a request, when it is live. */
  private caller(request: InMemoryRequest): SampleUser | undefined {
    const token = request.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
    return token && this.state.signedIn && this.state.tokens.includes(token)
      ? this.state.user
      : undefined;
  }

  private sessionTimes() {
    const now = Date.now();
    const started = Date.parse(this.state.sessionStartedAt);
    return {
      idleExpiresAt: new Date(now + SESSION_IDLE_MS).toISOString(),
      absoluteExpiresAt: new Date(started + SESSION_ABSOLUTE_MS).toISOString(),
      now: new Date(now).toISOString(),
    };
  }

  /** The sign-in stand-in's choice: the sample applicant signs in (a new session). */
  signIn(): void {
    this.state.signedIn = true;
    this.state.sessionStartedAt = new Date().toISOString();
    this.commit(undefined);
  }

  /** A new token for the session, or undefined when signed out (`oauth/authorize`). */
  issueToken(): string | undefined {
    if (!this.state.signedIn) return undefined;
    const token = `in-memory-${this.newId()}`;
    // A few live tokens at most, as renewals replace them.
    this.state.tokens = [...this.state.tokens.slice(-4), token];
    return this.commit(token);
  }

  answer(request: InMemoryRequest): InMemoryAnswer {
    const url = new URL(request.url, 'http://in-memory');
    const path = url.pathname;
    const method = request.method.toUpperCase();
    if (path.startsWith('/security/')) return this.security(method, path.slice(9), url);
    if (path.startsWith('/sandbox/esign/')) return this.ceremony(method, path.slice(15), request);
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

    const user = this.caller(request);
    if (!user) return signInRequired();
    if (method === 'GET' && route === '/users') return { status: 200, body: this.userInfo() };
    if (route === '/account' && method === 'GET') return { status: 200, body: this.settings() };
    if (route === '/account/language' && method === 'PUT') return this.saveLanguage(request.body);
    if (route.startsWith('/addressLookup/') && method === 'GET')
      return this.addressLookup(route, url);
    if (method === 'GET') {
      const funding = this.fundingLists(route, url);
      if (funding) return funding;
    }
    if (route === '/coAuthCode' || route.startsWith('/coAuthCode/')) {
      return this.coAuthCode(method, route, request);
    }
    if (route === '/applications') {
      if (method === 'GET') return { status: 200, body: this.list() };
      if (method === 'POST') return this.create();
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
      if (method === 'DELETE') return this.remove(row);
      return notFound();
    }
    if (method === 'GET' && rest === '/next-step') {
      return { status: 200, body: { step: summaryOf(row).nextStep } };
    }
    const step = /^\/steps\/([^/]+)$/.exec(rest)?.[1];
    if (method === 'PUT' && step !== undefined) return this.saveStep(row, step, request.body);
    if (rest === '/esign') {
      if (method === 'GET') return { status: 200, body: this.esignState(row) };
      if (method === 'POST') return this.startSigning(row, request);
    }
    if (method === 'GET' && rest === '/esign/document') return this.signedCopy(row);
    // What the steps read beside the answers: no documents uploaded, no promo code, no partner.
    if (method === 'GET' && rest === '/documents') return { status: 200, body: [] };
    if (method === 'GET' && rest === '/promoCode')
      return { status: 200, body: { promoCode: null } };
    if (method === 'GET' && rest === '/partnerAgreement') {
      return { status: 200, body: { partnerAgreement: null } };
    }
    return notFound();
  }

  private userInfo() {
    const { user } = this.state;
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: this.state.emailVerified,
      onboardingComplete: false,
      ibId: null,
      adminLogin: false,
      trialUser: false,
      advisor: false,
      nameNeedsCorrection: false,
      language: user.language,
    };
  }

  /** `GET account`: the settings page's view of the sample applicant (no second factor). */
  private settings() {
    const { user } = this.state;
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: this.state.emailVerified,
      pendingEmail: null,
      language: user.language,
      mfa: { required: false, totp: false, sms: null, recoveryCodesLeft: 0 },
    };
  }

  private saveLanguage(body: unknown): InMemoryAnswer {
    const language = (body as { language?: unknown } | undefined)?.language;
    if (language !== 'en' && language !== 'fr') {
      return refusal(400, 'invalidInput', applicationMessages.invalidInput, {
        fields: { language: 'invalid' },
      });
    }
    this.state.user = { ...this.state.user, language };
    return this.commit({ status: 200, body: this.settings() });
  }

  /**
   * The address lookup (the sandbox provider's behaviour on a few sample addresses): a key,
   * suggestions for what is typed, and the full address of one suggestion.
   */
  private addressLookup(route: string, url: URL): InMemoryAnswer {
    if (route === '/addressLookup/key') {
      return {
        status: 200,
        body: { key: 'in-memory', expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() },
      };
    }
    if (route === '/addressLookup/find') {
      const words = (url.searchParams.get('q') ?? '').toLocaleLowerCase().split(/\s+/);
      const found = sampleAddresses.filter((address) =>
        words.every((word) =>
          `${address.text} ${address.description}`.toLocaleLowerCase().includes(word),
        ),
      );
      return {
        status: 200,
        body: found.map(({ id, text: line, description }) => ({ id, text: line, description })),
      };
    }
    const id = /^\/addressLookup\/retrieve\/([^/]+)$/.exec(route)?.[1];
    const address = sampleAddresses.find((a) => a.id === decodeURIComponent(id ?? ''));
    return address ? { status: 200, body: address.address } : notFound();
  }

  /**
   * The funding step's reads: the accounts the agreed applications open (no numbers until
   * approval), and no bank account, EFT or PAC on file. Funding requests themselves are not
   * part of this mode: the step can be skipped, as it can on the server.
   */
  private fundingLists(route: string, url: URL): InMemoryAnswer | undefined {
    switch (route) {
      case '/coAcctFunding/toAccountsForCurrUser':
        return this.toAccounts(url.searchParams.get('applicationId'));
      case '/finInstitutionAcctsForCurrUser':
      case '/flinksBankAcctsForCurrUser':
        return { status: 200, body: { bankAccounts: [] } };
      case '/adminAcctsForCurrUser':
        return { status: 200, body: { accounts: [] } };
      case '/eftPacHistoryForCurrUser':
      case '/activeFftPacsForCurrUser':
      case '/pendingEftPacsForCurrUser':
        return { status: 200, body: { items: [] } };
      default:
        return undefined;
    }
  }

  private toAccounts(applicationId: string | null): InMemoryAnswer {
    const owned = this.state.applications.filter(
      (row) =>
        row.ownerId === this.state.user.id && (applicationId === null || row.id === applicationId),
    );
    if (applicationId !== null && owned.length === 0) return notFound();
    const accounts = owned
      .filter((row) => fundingOpen(row.status))
      .flatMap((row) =>
        chosenAccounts(row.steps)
          .filter((name) => name in namedAccountTypes)
          .map((name) => {
            row.accountIds ??= {};
            row.accountIds[name] ??= this.newId();
            const type = namedAccountTypes[name];
            return {
              accountId: row.accountIds[name],
              accountNumber: null,
              accountTypeId: type.typeId,
              accountTypeName: name,
              eftEligible: takesEftContributions(type.typeId),
              ownershipTypeId: row.ownershipTypeId ?? 1,
              currencyTypeId: currencyTypeIdOf(type.currency),
            };
          }),
      );
    return this.commit({ status: 200, body: { accounts } });
  }

  private security(method: string, route: string, url: URL): InMemoryAnswer {
    if (method !== 'GET') return notFound();
    if (route === '/oauth/authorize') {
      if (
        url.searchParams.get('client_id') !== OAUTH_CLIENT_ID ||
        url.searchParams.get('response_type') !== 'token'
      ) {
        return refusal(400, 'invalidClient', 'Unknown client.');
      }
      const token = this.issueToken();
      if (!token) return refusal(401, 'signInRequired', 'Sign in.');
      return { status: 200, body: token, contentType: 'text/plain; charset=utf-8' };
    }
    if (route === '/auth/refreshsession' || route === '/auth/session') {
      return this.state.signedIn
        ? { status: 200, body: this.sessionTimes() }
        : refusal(401, 'signInRequired', 'Sign in.');
    }
    if (route === '/logout') {
      this.state.signedIn = false;
      this.state.tokens = [];
      return this.commit({ status: 204 });
    }
    return notFound();
  }

  private list(): ApplicationSummary[] {
    return this.state.applications
      .filter((row) => row.ownerId === this.state.user.id)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map(summaryOf);
  }

  private create(): InMemoryAnswer {
    const now = new Date().toISOString();
    const row: StoredApplication = {
      id: this.newId(),
      ownerId: this.state.user.id,
      status: 'new',
      version: 1,
      ownershipTypeId: null,
      steps: {},
      createdAt: now,
      updatedAt: now,
    };
    this.state.applications.push(row);
    return this.commit({ status: 201, body: summaryOf(row) });
  }

  private remove(row: StoredApplication): InMemoryAnswer {
    if (!canDelete(row.status)) {
      return refusal(409, 'applicationLocked', applicationMessages.applicationLocked);
    }
    this.state.applications = this.state.applications.filter((a) => a.id !== row.id);
    this.state.envelopes = this.state.envelopes.filter((e) => e.applicationId !== row.id);
    return this.commit({ status: 204 });
  }

  private saveStep(row: StoredApplication, stepName: string, body: unknown): InMemoryAnswer {
    const input = body as { version?: unknown; data?: unknown } | undefined;
    const fields: Record<string, string> = {};
    if (!(onboardingSteps as readonly string[]).includes(stepName)) fields.step = 'invalid';
    if (typeof input?.version !== 'number' || !Number.isInteger(input.version)) {
      fields.version = input?.version === undefined ? 'required' : 'invalid';
    } else if (input.version < 1) {
      fields.version = 'invalid';
    }
    if (Object.keys(fields).length > 0) {
      return refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields });
    }
    const step = stepName as OnboardingStep;
    const version = input?.version as number;
    if (!acceptsChanges(row.status)) {
      return refusal(409, 'applicationLocked', applicationMessages.applicationLocked);
    }
    if (row.version !== version) {
      return refusal(409, 'staleVersion', applicationMessages.staleVersion, {
        currentVersion: row.version,
      });
    }
    const saved = row.steps;
    const primarySin = () => ((saved as Steps).profile as { sin?: string } | undefined)?.sin;
    const schema = stepOpen(step, saved) ? stepSchemaFor(step, saved, primarySin) : undefined;
    if (!schema) return refusal(400, 'stepNotAvailable', applicationMessages.stepNotAvailable);
    const restored = restoreBlankFields(step, input?.data, (saved as Steps)[step]);
    // As the server: a Canadian tax residence left blank takes the profile's SIN.
    const submitted =
      step === 'otherinterests'
        ? withSinsAsCanadianTins(restored, {
            primary: primarySin(),
            joint: ((saved as Steps).profilejoint as { sin?: string } | undefined)?.sin,
          })
        : restored;
    const parsed = schema.safeParse(submitted);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        problems[['data', ...issue.path].join('.')] ??= isMessageCode(issue.message)
          ? issue.message
          : 'invalid';
      }
      return refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields: problems });
    }
    const now = new Date();
    const stored = withServerFacts(step, parsed.data, saved, now);
    if (step === 'profile') {
      const name = parsed.data as { firstName: string; lastName: string };
      this.state.user = { ...this.state.user, firstName: name.firstName, lastName: name.lastName };
    }
    const joint = stepApplies('profilejoint', saved);
    const event: ApplicationEvent =
      step !== 'review' ? 'stepSaved' : joint ? 'reviewAgreedJoint' : 'reviewAgreedIndividual';
    row.status = nextState(row.status, event);
    row.version += 1;
    if (step === 'ownership') {
      row.ownershipTypeId = (parsed.data as { ownershipTypeId: number }).ownershipTypeId;
    }
    row.steps = { ...saved, [step]: stored } as SavedSteps;
    row.updatedAt = now.toISOString();
    return this.commit({
      status: 200,
      body: { ...summaryOf(row), saved: masked(step, stored) },
    });
  }

  private envelopeOf(row: StoredApplication): Envelope | undefined {
    return this.state.envelopes.findLast((e) => e.applicationId === row.id && e.role === 'primary');
  }

  private esignState(row: StoredApplication): EsignState {
    return {
      status: this.envelopeOf(row)?.status ?? 'notStarted',
      role: 'primary',
      applicationStatus: row.status,
      canSign: signerOnTurn(row.status) === 'primary',
    };
  }

  private startSigning(row: StoredApplication, request: InMemoryRequest): InMemoryAnswer {
    if (!this.state.emailVerified) {
      return refusal(403, 'emailNotVerified', 'Verify your email address first.');
    }
    const envelope = this.envelopeOf(row);
    if (signerOnTurn(row.status) !== 'primary') {
      const code = envelope?.status === 'signed' ? 'alreadySigned' : 'notYourTurn';
      return refusal(409, code, esignMessages[code]);
    }
    const signingUrl = (id: string) => `/#/in-memory/esign/${id}`;
    if (envelope?.status === 'pending' && Date.parse(envelope.expiresAt) > Date.now()) {
      return { status: 200, body: { signingUrl: signingUrl(envelope.id), status: 'pending' } };
    }
    const profile = ((row.steps as Steps).profile ?? {}) as Steps;
    const name = `${text(profile.firstName)} ${text(profile.lastName)}`.trim();
    if (!name) return refusal(409, 'signerUnknown', esignMessages.signerUnknown);
    const language = request.headers.get('accept-language')?.startsWith('fr') ? 'fr' : 'en';
    const created: Envelope = {
      id: this.newId(),
      applicationId: row.id,
      role: 'primary',
      status: 'pending',
      signerName: name,
      signerEmail: this.state.user.email,
      language,
      expiresAt: new Date(Date.now() + ENVELOPE_TTL_MS).toISOString(),
      returnPath: esignReturnPath(row.id),
    };
    this.state.envelopes.push(created);
    return this.commit({
      status: 200,
      body: { signingUrl: signingUrl(created.id), status: 'pending' },
    });
  }

  private signedCopy(row: StoredApplication): InMemoryAnswer {
    const envelope = this.envelopeOf(row);
    if (envelope?.status !== 'signed') {
      return refusal(404, 'notSigned', esignMessages.notSigned);
    }
    return {
      status: 200,
      body: signedCopyPdf(envelope.signerName),
      contentType: 'application/pdf',
      headers: { 'content-disposition': 'attachment; filename="application-signed.pdf"' },
    };
  }

  /**
   * The sandbox ceremony's own calls (the stand-in page's, not the portal's API): read an
   * envelope, sign it with the typed name, or decline it. The signature moves the application
   * on as the vendor's webhook does on the server.
   */
  private ceremony(method: string, route: string, request: InMemoryRequest): InMemoryAnswer {
    const [id, action] = route.split('/');
    const envelope = this.state.envelopes.find((e) => e.id === id);
    if (!envelope) return notFound();
    if (method === 'GET' && action === undefined) return { status: 200, body: { ...envelope } };
    if (method !== 'POST' || (action !== 'sign' && action !== 'decline')) return notFound();
    if (envelope.status !== 'pending') return { status: 409, body: { ...envelope } };
    if (action === 'decline') {
      envelope.status = 'declined';
      return this.commit({ status: 200, body: { ...envelope } });
    }
    const typed = text((request.body as { typedName?: unknown } | undefined)?.typedName);
    if (typed.trim() === '') return refusal(400, 'nameRequired', 'Type your full name to sign.');
    if (!sameName(typed, envelope.signerName)) {
      return refusal(400, 'nameMismatch', 'The name you typed does not match.');
    }
    envelope.status = 'signed';
    const row = this.state.applications.find((a) => a.id === envelope.applicationId);
    if (row) {
      const event = signedEvent(envelope.role, row.ownershipTypeId);
      if (allows(row.status, event)) {
        row.status = nextState(row.status, event);
        row.version += 1;
        row.updatedAt = new Date().toISOString();
      }
    }
    return this.commit({ status: 200, body: { ...envelope } });
  }

  /**
   * The joint applicant's code: the sample applicant was invited to no application, so every
   * call answers 404 `coAuthCodeNotFound`, except the demo codes of the demo flags (2000, 4010,
   * 4030, 4040), which answer the status they stand for, as the server's demo environment does.
   */
  private coAuthCode(method: string, route: string, request: InMemoryRequest): InMemoryAnswer {
    // The messages in the caller's language (Accept-Language), as the server answers them.
    const messages = request.headers.get('accept-language')?.startsWith('fr')
      ? codeMessagesFr
      : codeMessagesEn;
    const none = () => ({
      status: 404,
      body: {
        status: 404,
        errorCode: coAuthCodeErrorCodes.notFound,
        message: messages.coAuthCodeNotFound,
      },
    });
    if (route === '/coAuthCode') return method === 'GET' || method === 'POST' ? none() : notFound();
    const code = decodeURIComponent(route.slice('/coAuthCode/'.length));
    if (method !== 'PUT') return notFound();
    if (!/^\d{4}$/.test(code)) {
      return refusal(400, 'invalidInput', applicationMessages.invalidInput, {
        fields: { code: 'invalid' },
      });
    }
    if (!isDemoAuthCode(code)) return none();
    const status = demoAuthCodeStatuses[code];
    const now = new Date();
    if (status === 200) {
      return {
        status,
        body: {
          status,
          state: 'verified',
          applicationId: '00000000-0000-4000-8000-000000000000',
          expiresAt: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
          attemptsLeft: 5,
          resendAvailableAt: null,
          verifiedAt: now.toISOString(),
        },
      };
    }
    if (status === 401) {
      return {
        status,
        body: {
          status,
          errorCode: coAuthCodeErrorCodes.mismatch,
          message: messages.coAuthCodeMismatch,
          attemptsLeft: 4,
        },
      };
    }
    if (status === 403) {
      return {
        status,
        body: {
          status,
          errorCode: coAuthCodeErrorCodes.maxAttempts,
          message: messages.coAuthCodeMaxAttempts,
          attemptsLeft: 0,
        },
      };
    }
    return none();
  }
}
