import {
  isAccountNumber,
  type ApplicationCase,
  type ApplicationEvent,
  type ApplicationQueueItem,
  type ApplicationSummary,
  type DecisionAnswer,
  type Page,
  type RevealAnswer,
} from '@portal/domain';
import { applicant } from '@portal/domain/rules/other-interests.fixtures';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  applicationSteps,
  auditEvents,
  clientAccounts,
  outboxMessages,
  reviewCases,
  users,
} from '../../db/schema.ts';
import {
  APPLICATIONS_URL,
  applicationAtOtherInterests,
  listApplications,
  otherInterestsAnswers,
  saveStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { uploadDocument } from '../../test/documents.ts';
import { createTestApp, createTwoInstances, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';
import { contentContext } from '../outbox/outbox.service.ts';
import { openReviewCaseOf } from './review-cases.ts';

const OPS = '/service/jaxrs/ops';
const REASON = 'Checked the file against the policy';

async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row!.id;
}

interface Journey {
  pep?: boolean;
  /** A joint application with this person as the joint applicant (their account linked). */
  joint?: TestUser;
  accounts?: string[];
  /** Leave the review case out, as for data from before the cases existed. */
  withoutCase?: boolean;
}

/**
 * An individual application under review: its answers saved through the API, the review agreed
 * and the signature recorded as the e-sign module records them (the status events, then the
 * review case in the same transaction).
 */
async function underReview(
  app: FastifyInstance,
  client: TestUser,
  { pep = false, joint, accounts = joint ? ['cash'] : ['tfsa'], withoutCase = false }: Journey = {},
): Promise<string> {
  const before = await applicationAtOtherInterests(app, client.token, {
    accounts,
    joint: joint !== undefined,
  });
  const answers = otherInterestsAnswers({ joint: joint !== undefined });
  await saveStep(app, client.token, before.id, 'otherinterests', before.version, {
    ...answers,
    intendedUse: Object.fromEntries(accounts.map((account) => [account, 1])),
    affiliations: {
      primary: pep
        ? {
            ...applicant,
            isPep: true,
            pepName: 'Camille Tremblay',
            pepPosition: 'Minister',
            pepCountryId: 1,
          }
        : applicant,
      ...(joint && { joint: answers.affiliations.joint }),
    },
  });
  await app.db.insert(applicationSteps).values({
    applicationId: before.id,
    step: 'review',
    data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  });
  const actorId = await userIdOf(app, client.email);
  const jointUserId = joint ? await userIdOf(app, joint.email) : undefined;
  const events: ApplicationEvent[] = joint
    ? [
        'reviewAgreedJoint',
        'jointConsented',
        'jointIdentityVerified',
        'primarySignedJoint',
        'jointSigned',
      ]
    : ['reviewAgreedIndividual', 'primarySignedIndividual'];
  await app.db.transaction(async (tx) => {
    for (const event of events) {
      await applyApplicationEvent(tx, {
        applicationId: before.id,
        actorId,
        event,
        ...(event === 'jointConsented' && { jointUserId }),
      });
    }
    if (!withoutCase) await openReviewCaseOf(tx, before.id, new Date());
  });
  return before.id;
}

function opsOf(app: FastifyInstance) {
  const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `${OPS}${url}`,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });
  return {
    call,
    claim: (user: TestUser, id: string) =>
      call(user, 'POST', '/claims', { kind: 'application', id }),
    queue: (user: TestUser, query = '') => call(user, 'GET', `/applications${query}`),
    caseOf: async (user: TestUser, id: string) => {
      const response = await call(user, 'GET', `/applications/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ApplicationCase>();
    },
    approve: (user: TestUser, id: string, version: number) =>
      call(user, 'POST', `/applications/${id}/approve`, { version, reason: REASON }),
  };
}

async function mailsOf(app: FastifyInstance, applicationId: string, template: string) {
  const rows = await app.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.applicationId, applicationId), eq(outboxMessages.template, template)),
    );
  return rows.map((row) => ({
    recipient: row.recipient,
    language: row.language,
    content: JSON.parse(app.cipher.decrypt(row.contentEncrypted, contentContext(row.id))) as {
      subject: string;
      text: string;
      html: string;
    },
  }));
}

async function auditOf(app: FastifyInstance, applicationId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId))
    .orderBy(auditEvents.createdAt);
}

describe('operations API: applications', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let ops: ReturnType<typeof opsOf>;
  let staff: TestUser;
  let otherStaff: TestUser;
  let client: TestUser;
  let stranger: TestUser;
  let advisor: TestUser;
  let trial: TestUser;

  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    ops = opsOf(app);
    staff = await signedInWithRole(app, 'staff');
    otherStaff = await signedInWithRole(app, 'staff');
    advisor = await signedInWithRole(app, 'advisor');
    trial = await signedInWithRole(app, 'trial');
    client = await signedInUser(app, 'camille');
    stranger = await signedInUser(app, 'stranger');
    await app.db
      .update(users)
      .set({ firstName: 'Nadia', lastName: 'Roy' })
      .where(eq(users.email, staff.email.toLowerCase()));
    await app.db
      .update(users)
      .set({ firstName: 'Théo', lastName: 'Bouchard', language: 'fr' })
      .where(eq(users.email, otherStaff.email.toLowerCase()));
  });
  afterAll(() => test?.close());

  it('answers 404 to a client, an advisor and a trial user on every path, 401 signed out', async () => {
    const id = await underReview(app, client);
    const paths: ['GET' | 'POST', string, object?][] = [
      ['GET', '/applications'],
      ['GET', `/applications/${id}`],
      ['POST', `/applications/${id}/reveal`, { field: 'primary.sin', reason: REASON }],
      ['POST', `/applications/${id}/approve`, { version: 1, reason: REASON }],
      ['POST', `/applications/${id}/decline`, { version: 1, category: 'other', reason: REASON }],
      [
        'POST',
        `/applications/${id}/requestInformation`,
        { version: 1, reason: REASON, message: 'Send a statement please' },
      ],
    ];
    for (const user of [client, advisor, trial]) {
      for (const [method, url, payload] of paths) {
        const response = await ops.call(user, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        // Even an invalid body is not described to them.
        const invalid = await ops.call(user, method, url, {});
        expect(invalid.statusCode, `${method} ${url} {}`).toBe(404);
      }
    }
    for (const [method, url] of paths) {
      const response = await app.inject({ method, url: `${OPS}${url}` });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lists applications oldest first with their filters, and creates the cases of older data', async () => {
    const pep = await underReview(app, client, { pep: true });
    const older = await underReview(app, client, { withoutCase: true });
    const response = await ops.queue(staff, '?pageSize=100');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<ApplicationQueueItem>>();
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(pep);
    expect(ids).toContain(older);
    const submitted = page.items.map((item) => item.submittedAt);
    expect([...submitted].sort()).toEqual(submitted);
    const item = page.items.find((found) => found.id === pep)!;
    expect(item).toMatchObject({
      status: 'underReview',
      applicantNames: ['Camille Tremblay'],
      province: 'ON',
      accountTypes: ['tfsa'],
      joint: false,
      pep: true,
      ageBusinessDays: 0,
      overdue: false,
      awaitingSecondApproval: false,
      claim: null,
    });
    // The older application got its case, submitted when the trail shows it reached review.
    const [created] = await app.db
      .select()
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, older));
    const [moved] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, older), eq(auditEvents.toStatus, 'underReview')));
    expect(created!.submittedAt.toISOString()).toBe(moved!.createdAt.toISOString());

    const filtered = async (query: string) =>
      (await ops.queue(staff, `${query}&pageSize=100`))
        .json<Page<ApplicationQueueItem>>()
        .items.map((found) => found.id);
    expect(await filtered('?pep=true')).toContain(pep);
    expect(await filtered('?pep=true')).not.toContain(older);
    expect(await filtered('?pep=false')).toContain(older);
    expect(await filtered('?province=QC')).not.toContain(pep);
    expect(await filtered('?province=ON')).toContain(pep);
    expect(await filtered('?accountType=tfsa')).toContain(pep);
    expect(await filtered('?accountType=cash')).not.toContain(pep);
    expect(await filtered('?joint=true')).not.toContain(pep);
    expect(await filtered('?status=requiresReview')).not.toContain(pep);
    expect(await filtered('?minAge=1')).not.toContain(pep);
    const paged = (await ops.queue(staff, '?pageSize=1&page=2')).json<Page<ApplicationQueueItem>>();
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('filters by minimum age in business days in the database, with the total and pages to match', async () => {
    const [fresh, aged, older] = [
      await underReview(app, client),
      await underReview(app, client),
      await underReview(app, client),
    ];
    // Twelve calendar days back is at least seven business days whatever today is; the older
    // one, a year back, is far past any minimum asked here.
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    await app.db
      .update(reviewCases)
      .set({ submittedAt: daysAgo(12) })
      .where(eq(reviewCases.applicationId, aged));
    await app.db
      .update(reviewCases)
      .set({ submittedAt: daysAgo(365) })
      .where(eq(reviewCases.applicationId, older));
    const queue = async (query: string) =>
      (await ops.queue(staff, query)).json<Page<ApplicationQueueItem>>();

    const atLeastFive = await queue('?minAge=5&pageSize=100');
    const ids = atLeastFive.items.map((item) => item.id);
    expect(ids).toContain(aged);
    expect(ids).toContain(older);
    expect(ids).not.toContain(fresh);
    expect(atLeastFive.total).toBe(atLeastFive.items.length);
    for (const item of atLeastFive.items) expect(item.ageBusinessDays).toBeGreaterThanOrEqual(5);
    const agedItem = atLeastFive.items.find((item) => item.id === aged)!;
    // Exactly as old as it is, and no older: a minimum one past its age leaves it out.
    const tooOld = await queue(`?minAge=${agedItem.ageBusinessDays + 1}&pageSize=100`);
    expect(tooOld.items.map((item) => item.id)).not.toContain(aged);
    expect(tooOld.items.map((item) => item.id)).toContain(older);
    const justOldEnough = await queue(`?minAge=${agedItem.ageBusinessDays}&pageSize=100`);
    expect(justOldEnough.items.map((item) => item.id)).toContain(aged);

    // Pages of one follow the same order and add up to the total.
    const first = await queue('?minAge=5&pageSize=1&page=1');
    const second = await queue('?minAge=5&pageSize=1&page=2');
    expect(first.total).toBe(atLeastFive.total);
    expect([first.items[0]?.id, second.items[0]?.id]).toEqual(ids.slice(0, 2));
  });

  it('claims: the second staff member is told who holds it; no claim and a stale version are 409', async () => {
    const id = await underReview(app, client);
    expect((await ops.claim(staff, id)).statusCode).toBe(200);
    const taken = await ops.claim(otherStaff, id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'claimedByOther',
      holder: { staffName: 'Nadia Roy' },
    });
    const queued = (await ops.queue(otherStaff, '?pageSize=100'))
      .json<Page<ApplicationQueueItem>>()
      .items.find((item) => item.id === id);
    expect(queued?.claim).toMatchObject({ staffName: 'Nadia Roy', mine: false });

    const { version } = await ops.caseOf(staff, id);
    const byOther = await ops.approve(otherStaff, id, version);
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json<ErrorBody>().errorCode).toBe('claimedByOther');

    const unclaimed = await underReview(app, client);
    const without = await ops.approve(
      staff,
      unclaimed,
      (await ops.caseOf(staff, unclaimed)).version,
    );
    expect(without.statusCode).toBe(409);
    expect(without.json<ErrorBody>().errorCode).toBe('claimRequired');

    const stale = await ops.approve(staff, id, version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().errorCode).toBe('staleVersion');
    expect((await ops.caseOf(staff, id)).status).toBe('underReview');
  });

  it('shows the case: answers, applicants, masked SIN, trail and mails, in the staff member’s language', async () => {
    const id = await underReview(app, client);
    const found = await ops.caseOf(otherStaff, id);
    expect(found).toMatchObject({ id, status: 'underReview', pep: false, joint: false });
    expect(found.applicants).toEqual([
      expect.objectContaining({ role: 'primary', name: 'Camille Tremblay', language: 'en' }),
    ]);
    expect(found.outline.length).toBeGreaterThan(0);
    // Théo works in French, Nadia in English: each reads the answers in their own language.
    const english = await ops.caseOf(staff, id);
    expect(found.outline.map((section) => section.heading)).not.toEqual(
      english.outline.map((section) => section.heading),
    );
    expect(JSON.stringify(found.outline)).not.toContain('130 692 544');
    expect(found.revealable).toContainEqual({ field: 'primary.sin', masked: '*** *** 544' });
    expect(found.audit.map((event) => event.action)).toContain('primarySignedIndividual');
    expect(found.audit.find((event) => event.action === 'created')).toMatchObject({
      actorName: expect.any(String),
      actorRole: 'client',
    });
    expect(JSON.stringify(found)).not.toMatch(/130\s?692\s?544|Encrypted/);
    const notReviewed = await applicationAtOtherInterests(app, client.token);
    expect((await ops.call(staff, 'GET', `/applications/${notReviewed.id}`)).statusCode).toBe(404);
    // Nor is a SIN of an application still being filled in revealed, claim or not.
    await ops.claim(staff, notReviewed.id);
    const reveal = await ops.call(staff, 'POST', `/applications/${notReviewed.id}/reveal`, {
      field: 'primary.sin',
      reason: REASON,
    });
    expect(reveal.statusCode).toBe(404);
  });

  it('reveals one SIN with a reason, audited with the field and reason, never the value', async () => {
    const id = await underReview(app, client);
    const path = `/applications/${id}/reveal`;
    const unclaimed = await ops.call(staff, 'POST', path, { field: 'primary.sin', reason: REASON });
    expect(unclaimed.json<ErrorBody>().errorCode).toBe('claimRequired');
    await ops.claim(staff, id);
    expect((await ops.call(staff, 'POST', path, { field: 'primary.sin' })).statusCode).toBe(400);
    expect(
      (await ops.call(staff, 'POST', path, { field: 'primary.sin', reason: 'no' })).statusCode,
    ).toBe(400);
    const none = await ops.call(staff, 'POST', path, { field: 'joint.sin', reason: REASON });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().errorCode).toBe('nothingToReveal');

    const response = await ops.call(staff, 'POST', path, { field: 'primary.sin', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<RevealAnswer>();
    expect(answer).toMatchObject({ field: 'primary.sin', seconds: 60 });
    expect(answer.value.replace(/\D/g, '')).toBe('130692544');
    const trail = await auditOf(app, id);
    const revealed = trail.filter((event) => event.action === 'sinRevealed');
    expect(revealed).toHaveLength(1);
    expect(revealed[0]!.details).toEqual({ field: 'primary.sin', reason: REASON });
    expect(JSON.stringify(trail)).not.toMatch(/130\s?692\s?544/);
  });

  it('approves: every account gets a unique 8-character number, each applicant is onboarded and mailed in their language', async () => {
    await app.db.update(users).set({ language: 'fr' }).where(eq(users.email, client.email));
    const id = await underReview(app, client, { accounts: ['tfsa', 'cash'] });
    await ops.claim(staff, id);
    const response = await ops.approve(staff, id, (await ops.caseOf(staff, id)).version);
    expect(response.statusCode, response.body).toBe(200);
    const decision = response.json<DecisionAnswer>();
    expect(decision).toMatchObject({ status: 'approved', outcome: 'approved' });
    expect(decision.accounts.map((account) => account.accountTypeName).sort()).toEqual([
      'cash',
      'tfsa',
    ]);
    const numbers = decision.accounts.map((account) => account.accountNumber);
    for (const number of numbers) {
      expect(number).toHaveLength(8);
      expect(isAccountNumber(number)).toBe(true);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    const [owner] = await app.db.select().from(users).where(eq(users.email, client.email));
    expect(owner!.onboardingComplete).toBe(true);
    expect(isAccountNumber(owner!.ibId ?? '')).toBe(true);

    const mails = await mailsOf(app, id, 'accountOpened');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: client.email.toLowerCase(), language: 'fr' });
    expect(mails[0]!.content.subject).toBe('Vos comptes sont ouverts');
    for (const number of numbers) expect(mails[0]!.content.text).toContain(number);

    // The applicant's dashboard keeps it, as the accounts it opened.
    const listed = (await listApplications(app, client.token)).find((found) => found.id === id) as
      ApplicationSummary | undefined;
    expect(listed?.status).toBe('approved');
    expect(listed?.openedAccounts?.map((account) => account.accountNumber).sort()).toEqual(
      [...numbers].sort(),
    );
    // A second decision on it is refused; the client number is not reassigned.
    await ops.claim(staff, id);
    const again = await ops.approve(staff, id, decision.version);
    expect(again.json<ErrorBody>().errorCode).toBe('notDecidable');
    await app.db.update(users).set({ language: 'en' }).where(eq(users.email, client.email));
  });

  it('needs a second, different staff member to approve a PEP/HIO application', async () => {
    const id = await underReview(app, client, { pep: true });
    await ops.claim(staff, id);
    const first = await ops.approve(staff, id, (await ops.caseOf(staff, id)).version);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DecisionAnswer>()).toMatchObject({
      status: 'underReview',
      outcome: 'awaitingSecondApproval',
      accounts: [],
    });
    const waiting = await ops.caseOf(staff, id);
    expect(waiting.firstApproval).toMatchObject({ staffName: 'Nadia Roy' });
    expect(waiting.claim).toBeNull();
    expect(waiting.pepForm).toMatchObject({ receivedAt: null, restricted: false });
    expect(waiting.audit.map((event) => event.action)).toContain('approvalProposed');

    await ops.claim(staff, id);
    const same = await ops.approve(staff, id, waiting.version);
    expect(same.statusCode).toBe(409);
    expect(same.json<ErrorBody>().errorCode).toBe('secondApproverRequired');
    await ops.call(staff, 'DELETE', `/claims/application/${id}`);

    expect((await ops.claim(otherStaff, id)).statusCode).toBe(200);
    const second = await ops.approve(otherStaff, id, waiting.version);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<DecisionAnswer>()).toMatchObject({
      status: 'approved',
      outcome: 'approved',
    });
  });

  it('withdraws a PEP/HIO first approval when information is asked for: two people review the answer', async () => {
    const id = await underReview(app, client, { pep: true });
    await ops.claim(staff, id);
    const first = await ops.approve(staff, id, (await ops.caseOf(staff, id)).version);
    expect(first.json<DecisionAnswer>().outcome).toBe('awaitingSecondApproval');

    await ops.claim(otherStaff, id);
    const asked = await ops.call(otherStaff, 'POST', `/applications/${id}/requestInformation`, {
      version: (await ops.caseOf(otherStaff, id)).version,
      reason: REASON,
      message: 'Where do the funds come from?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await ops.caseOf(otherStaff, id)).firstApproval).toBeNull();
    const listed = (await listApplications(app, client.token)).find((found) => found.id === id) as
      ApplicationSummary | undefined;
    const requestId = listed!.informationRequest!.id;
    const answered = await app.inject({
      method: 'POST',
      url: `${APPLICATIONS_URL}/${id}/informationRequests/${requestId}/answer`,
      headers: bearer(client.token),
      payload: { answer: 'Funds come from a different source than first said.', documentIds: [] },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    // The one who asked approves first; the approval given before the answer does not count.
    await ops.claim(otherStaff, id);
    const afterAnswer = await ops.approve(
      otherStaff,
      id,
      (await ops.caseOf(otherStaff, id)).version,
    );
    expect(afterAnswer.statusCode, afterAnswer.body).toBe(200);
    expect(afterAnswer.json<DecisionAnswer>()).toMatchObject({
      status: 'underReview',
      outcome: 'awaitingSecondApproval',
    });
    const trail = await auditOf(app, id);
    const request = trail.find((event) => event.action === 'reviewRequested');
    expect(request?.details).toMatchObject({
      firstApprovalWithdrawn: await userIdOf(app, staff.email.toLowerCase()),
    });

    await ops.claim(staff, id);
    const second = await ops.approve(staff, id, (await ops.caseOf(staff, id)).version);
    expect(second.json<DecisionAnswer>()).toMatchObject({
      status: 'approved',
      outcome: 'approved',
    });
  });

  it('declines: the applicant is mailed the category and what to do, never the reason', async () => {
    const id = await underReview(app, client);
    await ops.claim(staff, id);
    const secret = 'Internal note: suspicious employer';
    const response = await ops.call(staff, 'POST', `/applications/${id}/decline`, {
      version: (await ops.caseOf(staff, id)).version,
      category: 'notSuitable',
      reason: secret,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DecisionAnswer>()).toMatchObject({ status: 'declined' });
    const [mail] = await mailsOf(app, id, 'applicationDeclined');
    expect(mail!.content.text).toContain('The accounts requested are not suitable');
    expect(mail!.content.text).toContain('Call us to talk about the accounts that suit you');
    expect(mail!.content.text + mail!.content.html).not.toContain('suspicious');
    const listed = (await listApplications(app, client.token)).find((found) => found.id === id) as
      ApplicationSummary | undefined;
    expect(listed).toMatchObject({ status: 'declined', decline: { category: 'notSuitable' } });
    expect(JSON.stringify(listed)).not.toContain('suspicious');
  });

  it('asks for more: the client sees it, answers with a document, and it is back under review', async () => {
    const id = await underReview(app, client);
    await ops.claim(staff, id);
    const message = 'Please send a recent bank statement.';
    const asked = await ops.call(staff, 'POST', `/applications/${id}/requestInformation`, {
      version: (await ops.caseOf(staff, id)).version,
      reason: REASON,
      message,
      documentTypes: ['bankStatement'],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<DecisionAnswer>()).toMatchObject({
      status: 'requiresReview',
      outcome: 'informationRequested',
    });
    const [mail] = await mailsOf(app, id, 'informationRequested');
    expect(mail!.content.text).toContain(message);

    const listed = (await listApplications(app, client.token)).find((found) => found.id === id) as
      ApplicationSummary | undefined;
    expect(listed?.status).toBe('requiresReview');
    expect(listed?.informationRequest).toMatchObject({ message, documentTypes: ['bankStatement'] });
    const requestId = listed!.informationRequest!.id;

    const uploaded = await uploadDocument(app, client.token, id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json<{ id: string }>().id;
    const answerUrl = `${APPLICATIONS_URL}/${id}/informationRequests/${requestId}/answer`;
    const body = { answer: 'Here is my statement.', documentIds: [documentId] };

    // Someone else cannot answer it, nor see it.
    const foreign = await app.inject({
      method: 'POST',
      url: answerUrl,
      headers: bearer(stranger.token),
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongDocument = await app.inject({
      method: 'POST',
      url: answerUrl,
      headers: bearer(client.token),
      payload: { ...body, documentIds: [crypto.randomUUID()] },
    });
    expect(wrongDocument.statusCode).toBe(400);

    const answered = await app.inject({
      method: 'POST',
      url: answerUrl,
      headers: bearer(client.token),
      payload: body,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ApplicationSummary>().status).toBe('underReview');
    expect(answered.json<ApplicationSummary>().informationRequest).toBeUndefined();
    const again = await app.inject({
      method: 'POST',
      url: answerUrl,
      headers: bearer(client.token),
      payload: body,
    });
    expect(again.statusCode).toBe(404);

    const found = await ops.caseOf(staff, id);
    expect(found.informationRequests).toEqual([
      expect.objectContaining({
        id: requestId,
        message,
        answer: 'Here is my statement.',
        answerDocumentIds: [documentId],
      }),
    ]);
    // Sent for the whole application, not one account: the case says so (C-12).
    expect(found.documents.find((document) => document.id === documentId)).toMatchObject({
      documentType: 'bankStatement',
      account: null,
    });
    // Under review again: the application's claim opens its documents (need-to-know).
    const openAnswer = () =>
      ops.call(staff, 'POST', `/documents/${documentId}/view`, {
        kind: 'application',
        itemId: id,
        reason: REASON,
      });
    expect((await openAnswer()).json<ErrorBody>().errorCode).toBe('claimRequired');
    await ops.claim(staff, id);
    expect((await openAnswer()).statusCode).toBe(200);
    expect(found.mails.map((sent) => sent.template)).toContain('informationRequested');
    const [row] = await app.db
      .select({ data: sql<string>`answer_encrypted` })
      .from(sql`information_requests`)
      .where(sql`id = ${requestId}`);
    expect(String(row?.data)).not.toContain('statement');
  });

  it('opens the review case when the e-signature moves the application to under review', async () => {
    const before = await applicationAtOtherInterests(app, client.token, { accounts: ['tfsa'] });
    await saveStep(app, client.token, before.id, 'otherinterests', before.version, {
      ...otherInterestsAnswers(),
      affiliations: {
        primary: {
          ...applicant,
          isPep: true,
          pepName: 'A Minister',
          pepPosition: 'Minister',
          pepCountryId: 1,
        },
      },
    });
    await app.db.insert(applicationSteps).values({
      applicationId: before.id,
      step: 'review',
      data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
    });
    const actorId = await userIdOf(app, client.email);
    await app.db.transaction((tx) =>
      applyApplicationEvent(tx, {
        applicationId: before.id,
        actorId,
        event: 'reviewAgreedIndividual',
      }),
    );
    const started = await app.inject({
      method: 'POST',
      url: `${APPLICATIONS_URL}/${before.id}/esign`,
      headers: bearer(client.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const signingUrl = started.json<{ signingUrl: string }>().signingUrl;
    const page = await app.inject({ method: 'GET', url: signingUrl });
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const signed = await app.inject({
      method: 'POST',
      url: `${signingUrl}/sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, typedName: 'Camille Tremblay' }).toString(),
    });
    expect(signed.statusCode, signed.body).toBe(303);
    await app.sandboxWebhooks.runOnce(new Date(Date.now() + 60_000));

    const [row] = await app.db
      .select()
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, before.id));
    expect(row).toMatchObject({
      province: 'ON',
      accountTypes: ['tfsa'],
      joint: false,
      pep: true,
      pepFormDueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const listed = (await listApplications(app, client.token)).find(
      (found) => found.id === before.id,
    ) as ApplicationSummary | undefined;
    expect(listed).toMatchObject({
      status: 'underReview',
      pepForm: { receivedAt: null, remindersSent: 0, restricted: false },
    });
  });

  it('a joint application: both applicants are onboarded and mailed, each in their language; the joint applicant may answer', async () => {
    const partner = await signedInUser(app, 'alex');
    await app.db.update(users).set({ language: 'fr' }).where(eq(users.email, partner.email));
    const asked = await underReview(app, client, { joint: partner });
    const queued = (await ops.queue(staff, '?joint=true&pageSize=100'))
      .json<Page<ApplicationQueueItem>>()
      .items.find((item) => item.id === asked);
    expect(queued).toMatchObject({
      joint: true,
      applicantNames: ['Camille Tremblay', 'Alex Tremblay'],
    });

    await ops.claim(staff, asked);
    const request = await ops.call(staff, 'POST', `/applications/${asked}/requestInformation`, {
      version: (await ops.caseOf(staff, asked)).version,
      reason: REASON,
      message: 'Please confirm your employer.',
    });
    expect(request.statusCode, request.body).toBe(200);
    const requestMails = await mailsOf(app, asked, 'informationRequested');
    expect(requestMails.map((mail) => mail.language).sort()).toEqual(['en', 'fr']);
    const seen = (await listApplications(app, partner.token)).find(
      (found) => found.id === asked,
    ) as ApplicationSummary | undefined;
    expect(seen?.informationRequest?.message).toBe('Please confirm your employer.');
    const uploaded = await uploadDocument(app, partner.token, asked, 'employer.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const answered = await app.inject({
      method: 'POST',
      url: `${APPLICATIONS_URL}/${asked}/informationRequests/${seen!.informationRequest!.id}/answer`,
      headers: bearer(partner.token),
      payload: {
        answer: 'Employed at the same bank.',
        documentIds: [uploaded.json<{ id: string }>().id],
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ApplicationSummary>()).toMatchObject({
      status: 'underReview',
      role: 'joint',
    });

    await ops.claim(staff, asked);
    const approved = await ops.approve(staff, asked, (await ops.caseOf(staff, asked)).version);
    expect(approved.statusCode, approved.body).toBe(200);
    const [number] = approved
      .json<DecisionAnswer>()
      .accounts.map((account) => account.accountNumber);
    const mails = await mailsOf(app, asked, 'accountOpened');
    expect(mails.map((mail) => [mail.recipient, mail.language]).sort()).toEqual(
      [
        [client.email.toLowerCase(), 'en'],
        [partner.email.toLowerCase(), 'fr'],
      ].sort(),
    );
    for (const mail of mails) expect(mail.content.text).toContain(number);
    const [joint] = await app.db.select().from(users).where(eq(users.email, partner.email));
    expect(joint).toMatchObject({ onboardingComplete: true });
    expect(isAccountNumber(joint!.ibId ?? '')).toBe(true);
  });

  it('keeps the audit trail append-only: UPDATE and DELETE fail', async () => {
    const id = await underReview(app, client);
    await expect(
      app.db
        .update(auditEvents)
        .set({ action: 'tampered' })
        .where(eq(auditEvents.applicationId, id)),
    ).rejects.toThrow();
    await expect(
      app.db.delete(auditEvents).where(eq(auditEvents.applicationId, id)),
    ).rejects.toThrow();
    await expect(app.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await auditOf(app, id)).map((event) => event.action)).not.toContain('tampered');
  });
});

describe('operations API: approvals on two instances at once', () => {
  it('assigns unique numbers to every account', async () => {
    const { first, second, close } = await createTwoInstances();
    try {
      const staffOne = await signedInWithRole(first, 'staff');
      const staffTwo = await signedInWithRole(second, 'staff');
      const clients = [await signedInUser(first, 'one'), await signedInUser(first, 'two')];
      const ids: string[] = [];
      for (const person of clients) {
        for (let index = 0; index < 2; index += 1) {
          ids.push(await underReview(first, person, { accounts: ['tfsa', 'cash'] }));
        }
      }
      const deciders = ids.map((_, index) =>
        index % 2 === 0 ? { app: first, user: staffOne } : { app: second, user: staffTwo },
      );
      for (const [index, id] of ids.entries()) {
        const { app, user } = deciders[index]!;
        expect((await opsOf(app).claim(user, id)).statusCode).toBe(200);
      }
      const versions = await Promise.all(
        ids.map(async (id, index) => {
          const { app, user } = deciders[index]!;
          return (await opsOf(app).caseOf(user, id)).version;
        }),
      );
      const responses = await Promise.all(
        ids.map((id, index) => {
          const { app, user } = deciders[index]!;
          return opsOf(app).approve(user, id, versions[index]!);
        }),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const numbers = (
        await first.db.select({ number: clientAccounts.accountNumber }).from(clientAccounts)
      ).map((row) => row.number);
      expect(numbers).toHaveLength(ids.length * 2);
      expect(numbers.every((number) => number !== null && isAccountNumber(number))).toBe(true);
      expect(new Set(numbers).size).toBe(numbers.length);
      const statuses = await first.db.select({ status: applications.status }).from(applications);
      expect(statuses.every((row) => row.status === 'approved')).toBe(true);
      const clientNumbers = (
        await first.db.select({ ibId: users.ibId }).from(users).where(eq(users.role, 'client'))
      ).map((row) => row.ibId);
      expect(new Set(clientNumbers).size).toBe(clients.length);
    } finally {
      await close();
    }
    // Two apps, four applicants' journeys: longer than one test's usual bound on a busy runner.
  }, 90_000);
});
