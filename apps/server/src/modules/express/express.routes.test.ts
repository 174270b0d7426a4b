import { Writable } from 'node:stream';
import {
  EXPRESS_CONFIRM_MAX_FAILURES,
  type AcceptAnswer,
  type ExpressPrefill,
  type InvitationLookup,
} from '@portal/domain/express/express-api';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, expressInvitations, users } from '../../db/schema.ts';
import { APPLICATIONS_URL, type ApplicationBody } from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { API, addInvestor, invite } from '../advisor/advisor.fixtures.ts';
import { logText } from '../../test/log-text.ts';

const BIRTH_DATE = '1979-06-14';

describe('express invitations: the invitee side', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let advisor: TestUser;

  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    advisor = await signedInWithRole(app, 'advisor');
  });
  afterAll(() => test.close());

  const lookUp = async (token: string) =>
    (await app.inject({ url: `${API}/express/invitations/${token}` })).json<InvitationLookup>();
  const confirm = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: `${API}/express/invitations/${token}/confirm`, payload });
  const accept = (token: string, user: TestUser | null) =>
    app.inject({
      method: 'POST',
      url: `${API}/express/invitations/${token}/accept`,
      ...(user && { headers: bearer(user.token) }),
    });
  const rowOf = async (id: string) =>
    (await app.db.select().from(expressInvitations).where(eq(expressInvitations.id, id)))[0]!;

  async function freshInvitation(accountTypes: string[] = ['tfsa']) {
    const investor = await addInvestor(app, advisor);
    return { investor, ...(await invite(app, advisor, investor, accountTypes)) };
  }

  it('looks a link up, marking it opened once, and names the advisor', async () => {
    const { token, invitation } = await freshInvitation();
    const first = await lookUp(token);
    expect(first).toMatchObject({
      status: 'valid',
      advisorName: 'Role Holder',
      investorFirstName: 'Élise',
      confirmed: false,
    });
    const openedAt = (await rowOf(invitation.id)).openedAt;
    expect(openedAt).toBeInstanceOf(Date);
    await lookUp(token);
    expect((await rowOf(invitation.id)).openedAt).toEqual(openedAt);
    expect(await lookUp('A'.repeat(43))).toEqual({ status: 'notFound' });
    expect(await lookUp('short')).toEqual({ status: 'notFound' });
  });

  it('answers outdated for a link voided by a newer one, and expired after its time', async () => {
    const { investor, token: old } = await freshInvitation();
    const { token: newer, invitation } = await invite(app, advisor, investor);
    expect(await lookUp(old)).toEqual({ status: 'outdated' });
    const refused = await confirm(old, { birthDate: BIRTH_DATE });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ errorCode: 'outdated' });
    await app.db
      .update(expressInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(expressInvitations.id, invitation.id));
    expect(await lookUp(newer)).toEqual({ status: 'expired' });
    expect((await confirm(newer, { birthDate: BIRTH_DATE })).json()).toMatchObject({
      errorCode: 'expired',
    });
  });

  it('answers alreadyClient when the investor email belongs to an onboarded client', async () => {
    const client = await signedInUser(app, 'onboarded');
    await app.db
      .update(users)
      .set({ onboardingComplete: true })
      .where(eq(users.email, client.email));
    const investor = await addInvestor(app, advisor, { email: client.email });
    const { token } = await invite(app, advisor, investor);
    expect(await lookUp(token)).toEqual({ status: 'alreadyClient' });
    expect((await confirm(token, { birthDate: BIRTH_DATE })).statusCode).toBe(410);
  });

  it('counts wrong answers, says how many are left, then locks the link', async () => {
    const { token, invitation } = await freshInvitation();
    for (let left = EXPRESS_CONFIRM_MAX_FAILURES - 1; left > 0; left -= 1) {
      const wrong = await confirm(token, { birthDate: '1980-01-01', postalCode: 'K1A 0B1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errorCode: 'expressMismatch', attemptsLeft: left });
    }
    const locking = await confirm(token, { birthDate: '1980-01-01' });
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toMatchObject({ errorCode: 'expressLocked' });
    expect(locking.json<{ retryAfterSeconds: number }>().retryAfterSeconds).toBeGreaterThan(800);
    // Even the right answer waits for the lock to end.
    const right = await confirm(token, { birthDate: BIRTH_DATE });
    expect(right.statusCode).toBe(429);
    expect((await rowOf(invitation.id)).confirmFailures).toBe(EXPRESS_CONFIRM_MAX_FAILURES);
    // Once the lock has ended, the right answer confirms.
    await app.db
      .update(expressInvitations)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(expressInvitations.id, invitation.id));
    expect((await confirm(token, { postalCode: 'h3b-1k9' })).json()).toEqual({ confirmed: true });
  });

  it('never counts concurrent wrong answers past the limit', async () => {
    const { token, invitation } = await freshInvitation();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => confirm(token, { birthDate: '1980-01-01' })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(EXPRESS_CONFIRM_MAX_FAILURES - 1);
    expect(codes.filter((code) => code === 429)).toHaveLength(
      12 - (EXPRESS_CONFIRM_MAX_FAILURES - 1),
    );
    const row = await rowOf(invitation.id);
    expect(row.confirmFailures).toBe(EXPRESS_CONFIRM_MAX_FAILURES);
    expect(row.lockedUntil).toBeInstanceOf(Date);
  });

  it('accepts only for a signed-in client after a confirmation, into a prefilled application', async () => {
    const { token, invitation, investor } = await freshInvitation(['tfsa', 'cash']);
    const client = await signedInUser(app, 'invitee');
    const before = await accept(token, client);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ errorCode: 'expressNotConfirmed' });
    expect((await accept(token, null)).statusCode).toBe(401);
    for (const role of ['advisor', 'staff', 'trial'] as const) {
      const other = await signedInWithRole(app, role);
      expect((await accept(token, other)).statusCode, role).toBe(404);
    }

    expect((await confirm(token, { postalCode: ' h3b1k9 ' })).json()).toEqual({ confirmed: true });
    expect(await lookUp(token)).toMatchObject({ status: 'valid', confirmed: true });
    const accepted = await accept(token, client);
    expect(accepted.statusCode).toBe(200);
    const { applicationId } = accepted.json<AcceptAnswer>();

    const detail = (
      await app.inject({
        url: `${APPLICATIONS_URL}/${applicationId}`,
        headers: bearer(client.token),
      })
    ).json<ApplicationBody>();
    expect(detail).toMatchObject({
      ownershipTypeId: 1,
      accounts: ['tfsa', 'cash'],
      nextStep: 'profile',
      steps: {
        ownership: { ownershipTypeId: 1 },
        doyouknow: { knowsAccount: true },
        allaccounts: { accounts: ['tfsa', 'cash'] },
      },
    });
    expect(detail.steps?.profile).toBeUndefined();

    const prefill = await app.inject({
      url: `${API}/express/applications/${applicationId}/prefill`,
      headers: bearer(client.token),
    });
    expect(prefill.statusCode).toBe(200);
    const { profile, advisorName } = prefill.json<ExpressPrefill>();
    expect(advisorName).toBe('Role Holder');
    expect(profile).toEqual({
      title: 2,
      firstName: 'Élise',
      lastName: "O'Brien-Côté",
      birthDate: BIRTH_DATE,
      email: investor.email,
      phones: [{ type: 3, number: '(514) 555-0188' }],
      homeAddress: {
        streetNumber: '1200',
        streetName: 'rue Sainte-Catherine Ouest',
        city: 'Montréal',
        provinceId: 11,
        postalCode: 'H3B 1K9',
        countryId: 1,
      },
    });
    // The draft is what the profile step reads: the applicant completes it and the step's own
    // rules check it on save.
    const incomplete = await app.inject({
      method: 'PUT',
      url: `${APPLICATIONS_URL}/${applicationId}/steps/profile`,
      headers: bearer(client.token),
      payload: { version: detail.version, data: profile },
    });
    expect(incomplete.statusCode).toBe(400);
    const saved = await app.inject({
      method: 'PUT',
      url: `${APPLICATIONS_URL}/${applicationId}/steps/profile`,
      headers: bearer(client.token),
      payload: {
        version: detail.version,
        data: { ...completeProfile, ...profile, confirmEmail: investor.email },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const row = await rowOf(invitation.id);
    expect(row).toMatchObject({ applicationId });
    expect(row.startedAt).toBeInstanceOf(Date);
    const audit = await app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, applicationId),
          eq(auditEvents.action, 'expressAccepted'),
        ),
      );
    expect(audit).toEqual([
      {
        details: {
          invitationId: invitation.id,
          advisorId: row.advisorId,
          accounts: ['tfsa', 'cash'],
        },
      },
    ]);

    // Accepting again as the same person answers the same application; anyone else: used.
    expect((await accept(token, client)).json()).toEqual({ applicationId });
    const second = await signedInUser(app, 'second');
    const taken = await accept(token, second);
    expect(taken.statusCode).toBe(410);
    expect(taken.json()).toMatchObject({ errorCode: 'used' });
    expect(await lookUp(token)).toEqual({ status: 'used' });
    const theirs = await app.inject({
      url: `${API}/express/applications/${applicationId}/prefill`,
      headers: bearer(second.token),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers an application that did not come from an invitation with no draft (204), not an error', async () => {
    const client = await signedInUser(app, 'ordinary');
    const created = await app.inject({
      method: 'POST',
      url: APPLICATIONS_URL,
      headers: bearer(client.token),
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<ApplicationBody>();
    const prefill = await app.inject({
      url: `${API}/express/applications/${id}/prefill`,
      headers: bearer(client.token),
    });
    expect(prefill.statusCode).toBe(204);
    expect(prefill.body).toBe('');
  });

  it('leaves the options step to the applicant when a margin account is proposed', async () => {
    const { token } = await freshInvitation(['margin']);
    const client = await signedInUser(app, 'margin');
    await confirm(token, { birthDate: BIRTH_DATE });
    const { applicationId } = (await accept(token, client)).json<AcceptAnswer>();
    const detail = (
      await app.inject({
        url: `${APPLICATIONS_URL}/${applicationId}`,
        headers: bearer(client.token),
      })
    ).json<ApplicationBody>();
    expect(detail.nextStep).toBe('options');
  });

  it('refuses a confirmation older than the time allowed to accept', async () => {
    const { token, invitation } = await freshInvitation();
    const client = await signedInUser(app, 'late');
    await confirm(token, { birthDate: BIRTH_DATE });
    await app.db
      .update(expressInvitations)
      .set({ confirmedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(expressInvitations.id, invitation.id));
    expect(await lookUp(token)).toMatchObject({ confirmed: false });
    expect((await accept(token, client)).json()).toMatchObject({
      errorCode: 'expressNotConfirmed',
    });
  });
});

describe('the invitation token never reaches the log', () => {
  it('logs the invitee paths with the token masked', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const test = await createTestApp({ logLevel: 'info' }, { logStream: stream });
    try {
      const advisor = await signedInWithRole(test.app, 'advisor');
      const investor = await addInvestor(test.app, advisor);
      const { token } = await invite(test.app, advisor, investor);
      await test.app.inject({ url: `${API}/express/invitations/${token}` });
      await test.app.inject({
        method: 'POST',
        url: `${API}/express/invitations/${token}/confirm`,
        payload: { birthDate: BIRTH_DATE },
      });
      const log = logText(lines);
      expect(log).toContain('/express/invitations/****');
      expect(log).not.toContain(token);
      expect(log).not.toContain(BIRTH_DATE);
    } finally {
      await test.close();
    }
  });
});
