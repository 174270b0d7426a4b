import { randomBytes } from 'node:crypto';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import type { Answer, HttpPerson } from './http-person.ts';

// Nothing here loads the server's modules (test/applications.ts and test/documents.ts do, with
// argon2): the tests that use it talk to a server in another process.
const APPLICATIONS_URL = '/service/jaxrs/applications';

/**
 * An applicant driving a running server over HTTP (HttpPerson): registration, sign-in, an
 * application's steps and a document, each answer checked, for the tests that start the real
 * server (the restore and the two instances behind nginx). Its name and SIN are the profile
 * fixture's, so the profile step accepts them as they are.
 */
export const APPLICANT_PASSWORD = 'Erable-Rouge-Saint-Laurent-2026';
export const APPLICANT_SIN_MASKED = '*** *** 544';

/** Throws with the answer's body when its status is not `expected`. */
export function expectStatus(answer: Answer, expected: number, what: string): Answer {
  if (answer.status !== expected) {
    throw new Error(
      `${what}: ${answer.status} instead of ${expected}: ${answer.text.slice(0, 500)}`,
    );
  }
  return answer;
}

/**
 * Signs in with the password and takes an access token, as the web client does; returns the
 * sign-in's answer (its cookies).
 */
export async function signIn(person: HttpPerson, email: string): Promise<Answer> {
  const signedIn = expectStatus(
    await person.post('/security/login', {
      form: { username: email, password: APPLICANT_PASSWORD },
    }),
    204,
    'sign-in',
  );
  const authorized = expectStatus(
    await person.get('/security/oauth/authorize?client_id=clientOnlineApp&response_type=token'),
    200,
    'authorize',
  );
  person.token = authorized.text.trim();
  return signedIn;
}

/** Registers a new person with a unique email, which it returns. */
export async function register(person: HttpPerson, tag: string): Promise<string> {
  const email = `${tag}.${process.pid}.${Date.now()}@example.com`;
  expectStatus(
    await person.post('/security/register', {
      form: {
        firstName: completeProfile.firstName,
        lastName: completeProfile.lastName,
        email,
        password: APPLICANT_PASSWORD,
        language: 'en',
      },
    }),
    201,
    'registration',
  );
  return email;
}

/** Registers a new person and signs them in; returns the email. */
export async function registerAndSignIn(person: HttpPerson, tag: string): Promise<string> {
  const email = await register(person, tag);
  await signIn(person, email);
  return email;
}

export interface ApplicationOverHttp {
  id: string;
  version: number;
}

/** A new application (individual, a TFSA), answered up to the profile step. */
export async function applicationToProfile(person: HttpPerson): Promise<ApplicationOverHttp> {
  const created = expectStatus(await person.post(APPLICATIONS_URL), 201, 'new application');
  const application = created.json<ApplicationOverHttp>();
  await saveStep(person, application, 'ownership', { ownershipTypeId: 1 });
  await saveStep(person, application, 'doyouknow', { knowsAccount: true });
  await saveStep(person, application, 'allaccounts', { accounts: ['tfsa'] });
  await saveStep(person, application, 'account', {});
  return application;
}

/** Saves a step at the application's version, and keeps the version it answers. */
export async function saveStep(
  person: HttpPerson,
  application: ApplicationOverHttp,
  step: string,
  data: unknown,
): Promise<Answer> {
  const answer = expectStatus(
    await person.put(`${APPLICATIONS_URL}/${application.id}/steps/${step}`, {
      json: { version: application.version, data },
    }),
    200,
    `step ${step}`,
  );
  application.version = answer.json<{ version: number }>().version;
  return answer;
}

/** The profile step's answers with the fixture's SIN (`sin: ''` keeps the one on file). */
export const profileWithSin = (sin = completeProfile.sin) => ({ ...completeProfile, sin });

/** The application's saved steps, as its owner reads them (SINs masked). */
export async function savedSteps(
  person: HttpPerson,
  application: ApplicationOverHttp,
): Promise<Record<string, Record<string, unknown>>> {
  const answer = expectStatus(
    await person.get(`${APPLICATIONS_URL}/${application.id}`),
    200,
    'the application',
  );
  return answer.json<{ steps: Record<string, Record<string, unknown>> }>().steps;
}

/** Uploads a PDF bank statement (random bytes after a PDF header); returns its id and bytes. */
export async function uploadStatement(
  person: HttpPerson,
  application: ApplicationOverHttp,
): Promise<{ id: string; content: Buffer }> {
  const content = randomBytes(4096);
  Buffer.from('%PDF-1.7\n').copy(content);
  const form = new FormData();
  form.set('documentType', 'bankStatement');
  form.set('file', new Blob([content], { type: 'application/pdf' }), 'statement.pdf');
  // The multipart body and its boundary as fetch would send them.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const answer = expectStatus(
    await person.post(`${APPLICATIONS_URL}/${application.id}/documents`, {
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    }),
    201,
    'upload',
  );
  return { id: answer.json<{ id: string }>().id, content };
}

/** The document's bytes, decrypted by the server for its owner. */
export async function documentContent(
  person: HttpPerson,
  application: ApplicationOverHttp,
  documentId: string,
): Promise<Buffer> {
  const answer = expectStatus(
    await person.get(`${APPLICATIONS_URL}/${application.id}/documents/${documentId}/content`),
    200,
    'the document',
  );
  return answer.bytes;
}
