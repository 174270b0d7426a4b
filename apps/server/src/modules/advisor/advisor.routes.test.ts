import type {
  InvestorListItem,
  InvestorView,
  InvitationView,
  Page,
} from '@portal/domain/express/express-api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advisorInvestors,
  applications,
  expressInvitations,
  outboxMessages,
  reviewCases,
  users,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registrationSchema } from '@portal/domain/rules/account';
import { register } from '../security/security.service.ts';
import {
  bearer,
  securityDepsOf,
  signIn,
  signedInUser,
  signedInWithRole,
  uniqueEmail,
  type TestUser,
} from '../../test/users.ts';
import { API, addInvestor, investorInput, invite } from './advisor.fixtures.ts';

const uuid = '00000000-0000-4000-8000-000000000000';

describe('advisor book and invitations', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let advisor: TestUser;
  let otherAdvisor: TestUser;

  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    advisor = await signedInWithRole(app, 'advisor');
    otherAdvisor = await signedInWithRole(app, 'advisor');
  });
  afterAll(() => test.close());

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      ...(user && { headers: bearer(user.token) }),
      ...(payload && { payload }),
    });

  it('answers 404 to clients, trial users and staff on every advisor path, 401 signed out', async () => {
    const investor = await addInvestor(app, advisor);
    const others = [
      await signedInUser(app, 'client'),
      await signedInWithRole(app, 'trial'),
      await signedInWithRole(app, 'staff'),
    ];
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', `${API}/qadvisor/search/investor/express`],
      ['POST', `${API}/qadvisor/investors`, investorInput()],
      ['GET', `${API}/qadvisor/investors/${investor.id}`],
      ['PUT', `${API}/qadvisor/investors/${investor.id}`, investorInput()],
      ['POST', `${API}/qadvisor/investors/${investor.id}/invitations`, { accountTypes: ['tfsa'] }],
      ['GET', `${API}/qadvisor/invitations`],
    ];
    for (const [method, url, payload] of calls) {
      for (const user of others) {
        const response = await call(user, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'notFound' });
      }
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    const rows = await app.db
      .select()
      .from(expressInvitations)
      .where(eq(expressInvitations.investorId, investor.id));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another advisor's investor and never lists it", async () => {
    const investor = await addInvestor(app, advisor);
    for (const [method, url, payload] of [
      ['GET', `${API}/qadvisor/investors/${investor.id}`],
      ['PUT', `${API}/qadvisor/investors/${investor.id}`, investorInput()],
      ['POST', `${API}/qadvisor/investors/${investor.id}/invitations`, { accountTypes: ['tfsa'] }],
      ['GET', `${API}/qadvisor/investors/${uuid}`],
    ] as const) {
      const response = await call(otherAdvisor, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const search = await call(otherAdvisor, 'GET', `${API}/qadvisor/search/investor/express`);
    expect(search.json<Page<InvestorListItem>>().items.map((item) => item.id)).not.toContain(
      investor.id,
    );
    await invite(app, advisor, investor);
    const theirs = await call(otherAdvisor, 'GET', `${API}/qadvisor/invitations`);
    expect(theirs.json<Page<InvitationView>>().total).toBe(0);
  });

  it('keeps the details sealed, normalises postal codes and refuses a second entry of an email', async () => {
    const investor = await addInvestor(app, advisor);
    expect(investor.details).toMatchObject({
      birthDate: '1979-06-14',
      postalCode: 'H3B 1K9',
      address: { postalCode: 'H3B 1K9' },
    });
    const [row] = await app.db
      .select()
      .from(advisorInvestors)
      .where(eq(advisorInvestors.id, investor.id));
    expect(row?.detailsEncrypted).not.toContain('1979');
    expect(row?.detailsEncrypted).not.toContain('H3B');
    const again = await call(advisor, 'POST', `${API}/qadvisor/investors`, {
      ...investorInput(),
      email: investor.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'investorExists' });
    const missing = await call(advisor, 'POST', `${API}/qadvisor/investors`, {
      ...investorInput(),
      birthDate: undefined,
      postalCode: undefined,
    });
    expect(missing.statusCode).toBe(400);
    const wrong = await call(advisor, 'POST', `${API}/qadvisor/investors`, {
      ...investorInput(),
      postalCode: '12345',
      birthDate: '1979-02-30',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      errorCode: 'invalidInput',
      fields: { postalCode: 'invalid', birthDate: 'invalid' },
    });
  });

  it("refuses to invite staff, or another advisor's investor or client, with one message that does not say why", async () => {
    const add = (email: string, language = 'en') =>
      app.inject({
        method: 'POST',
        url: `${API}/qadvisor/investors`,
        headers: { ...bearer(advisor.token), 'accept-language': language },
        payload: investorInput({ email }),
      });
    const refusal = {
      errorCode: 'addressNotInvitable',
      message: 'This address cannot be invited; contact operations.',
    };
    const staff = await signedInWithRole(app, 'staff');
    const theirs = await addInvestor(app, otherAdvisor);
    // A client who joined through the other advisor's invitation.
    const joined = await signedInUser(app, 'joined');
    const [joinedRow] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, joined.email.toLowerCase()));
    const { invitation } = await invite(app, otherAdvisor, await addInvestor(app, otherAdvisor));
    await app.db
      .update(expressInvitations)
      .set({ acceptedBy: joinedRow!.id })
      .where(eq(expressInvitations.id, invitation.id));

    for (const email of [staff.email, otherAdvisor.email, theirs.email, joined.email]) {
      const refused = await add(email.toUpperCase());
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json(), email).toEqual(refusal);
    }
    expect((await add(staff.email, 'fr')).json()).toEqual({
      errorCode: 'addressNotInvitable',
      message: 'Cette adresse ne peut pas être invitée; communiquez avec les opérations.',
    });

    // A client with no advisor may be invited, as before; but not changed to staff's address.
    const plain = await signedInUser(app, 'plain');
    const mine = await add(plain.email);
    expect(mine.statusCode, mine.body).toBe(201);
    const investor = mine.json<InvestorView>();
    const changed = await call(advisor, 'PUT', `${API}/qadvisor/investors/${investor.id}`, {
      ...investorInput(),
      email: staff.email,
    });
    expect(changed.json()).toEqual(refusal);
    // An address that became another advisor's client after it was added is not sent to.
    await app.db
      .update(advisorInvestors)
      .set({ email: theirs.email })
      .where(eq(advisorInvestors.id, investor.id));
    const sent = await call(
      advisor,
      'POST',
      `${API}/qadvisor/investors/${investor.id}/invitations`,
      {
        accountTypes: ['tfsa'],
      },
    );
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual(refusal);
  });

  it('updates an investor, and searches by name or email without accents, by last name, in pages', async () => {
    const own = await signedInWithRole(app, 'advisor');
    const names = [
      ['Zoé', 'Bélanger'],
      ['Élise', "O'Brien-Côté"],
      ['Amir', 'Abadi'],
    ];
    const added: InvestorView[] = [];
    for (const [firstName, lastName] of names) {
      added.push(await addInvestor(app, own, { firstName, lastName }));
    }
    const all = (await call(own, 'GET', `${API}/qadvisor/search/investor/express`)).json<
      Page<InvestorListItem>
    >();
    expect(all.items.map((item) => item.lastName)).toEqual(['Abadi', 'Bélanger', "O'Brien-Côté"]);
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    const search = async (text: string) =>
      (
        await call(
          own,
          'GET',
          `${API}/qadvisor/search/investor/express?search=${encodeURIComponent(text)}`,
        )
      )
        .json<Page<InvestorListItem>>()
        .items.map((item) => item.firstName);
    expect(await search('elise cote')).toEqual(['Élise']);
    expect(await search('BELANGER')).toEqual(['Zoé']);
    expect(await search(added[2]!.email)).toEqual(['Amir']);
    expect(await search('100%')).toEqual([]);
    const second = (await call(own, 'GET', `${API}/qadvisor/search/investor/express?page=2`)).json<
      Page<InvestorListItem>
    >();
    expect(second).toMatchObject({ items: [], page: 2, total: 3 });

    const updated = await call(own, 'PUT', `${API}/qadvisor/investors/${added[0]!.id}`, {
      ...investorInput({ firstName: 'Zoé', lastName: 'Bélanger-Roy', email: added[0]!.email }),
      postalCode: 'k1s 8h4',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<InvestorView>()).toMatchObject({
      lastName: 'Bélanger-Roy',
      details: { postalCode: 'K1S 8H4' },
    });
    const taken = await call(own, 'PUT', `${API}/qadvisor/investors/${added[0]!.id}`, {
      ...investorInput(),
      email: added[1]!.email,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('mails the link in the investor language, naming the advisor, without the confirmation answers', async () => {
    for (const language of ['fr', 'en'] as const) {
      const investor = await addInvestor(app, advisor, { language });
      const { invitation, mail, token } = await invite(app, advisor, investor, ['tfsa', 'margin']);
      expect(invitation).toMatchObject({ state: 'sent', accountTypes: ['tfsa', 'margin'] });
      const advisorName = 'Role Holder';
      expect(mail.subject).toContain(advisorName);
      // The page opens in the investor's language, whatever the browser says.
      expect(mail.text).toContain(`/?lang=${language}#/action?token=${token}`);
      expect(mail.text).not.toContain('1979');
      expect(mail.text).not.toMatch(/H3B ?1K9/i);
      if (language === 'fr') {
        expect(mail.subject).toContain('vous invite à ouvrir votre compte');
        expect(mail.text).toContain("heure de l'Est");
        expect(mail.text).toContain('CELI');
      } else {
        expect(mail.subject).toContain('invites you to open your account');
        expect(mail.text).toContain('Eastern Time');
        expect(mail.text).toContain('TFSA');
      }
      const [row] = await app.db
        .select()
        .from(expressInvitations)
        .where(eq(expressInvitations.id, invitation.id));
      expect(row?.tokenHash).not.toContain(token);
      const [queued] = await app.db
        .select({ language: outboxMessages.language, template: outboxMessages.template })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, investor.email));
      expect(queued).toEqual({ language, template: 'expressInvitation' });
    }
  });

  it('refuses account types the account step would refuse', async () => {
    const investor = await addInvestor(app, advisor);
    const send = (accountTypes: string[]) =>
      call(advisor, 'POST', `${API}/qadvisor/investors/${investor.id}/invitations`, {
        accountTypes,
      });
    const two = await send(['tfsa', 'rrsp']);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({
      errorCode: 'invalidInput',
      fields: { accountTypes: 'tooManyRegistered' },
    });
    expect((await send(['nonsense'])).json()).toMatchObject({
      fields: { 'accountTypes.0': 'invalid' },
    });
  });

  it('voids older invitations and shows each state: replaced, expired, started, submitted, approved', async () => {
    const investor = await addInvestor(app, advisor);
    const first = await invite(app, advisor, investor);
    const second = await invite(app, advisor, investor);
    const view = (
      await call(advisor, 'GET', `${API}/qadvisor/investors/${investor.id}`)
    ).json<InvestorView>();
    expect(view.invitations.map((invitation) => [invitation.id, invitation.state])).toEqual([
      [second.invitation.id, 'sent'],
      [first.invitation.id, 'replaced'],
    ]);
    expect(view.latestInvitation?.id).toBe(second.invitation.id);

    const opened = await app.inject({ url: `${API}/express/invitations/${second.token}` });
    expect(opened.json()).toMatchObject({ status: 'valid' });
    const stateOf = async (id: string) =>
      (await call(advisor, 'GET', `${API}/qadvisor/invitations`))
        .json<Page<InvitationView>>()
        .items.find((item) => item.id === id);
    expect(await stateOf(second.invitation.id)).toMatchObject({ state: 'opened' });

    await app.db
      .update(expressInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(expressInvitations.id, second.invitation.id));
    expect(await stateOf(second.invitation.id)).toMatchObject({ state: 'expired' });

    const client = await signedInUser(app, 'invitee');
    const third = await invite(app, advisor, investor);
    await app.inject({
      method: 'POST',
      url: `${API}/express/invitations/${third.token}/confirm`,
      payload: { birthDate: '1979-06-14' },
    });
    const accepted = await app.inject({
      method: 'POST',
      url: `${API}/express/invitations/${third.token}/accept`,
      headers: bearer(client.token),
    });
    const { applicationId } = accepted.json<{ applicationId: string }>();
    expect(await stateOf(third.invitation.id)).toMatchObject({
      state: 'started',
      submittedAt: null,
    });
    // A newer invitation never voids one already accepted.
    await invite(app, advisor, investor);
    expect(await stateOf(third.invitation.id)).toMatchObject({ state: 'started' });

    const submittedAt = new Date('2026-11-20T15:00:00Z');
    await app.db
      .update(applications)
      .set({ status: 'underReview' })
      .where(eq(applications.id, applicationId));
    await app.db.insert(reviewCases).values({ applicationId, submittedAt });
    expect(await stateOf(third.invitation.id)).toMatchObject({
      state: 'submitted',
      submittedAt: submittedAt.toISOString(),
    });
    await app.db
      .update(applications)
      .set({ status: 'approved' })
      .where(eq(applications.id, applicationId));
    expect(await stateOf(third.invitation.id)).toMatchObject({ state: 'approved' });
  });

  it('bounds the sends of one advisor per hour', async () => {
    const busy = await signedInWithRole(app, 'advisor');
    const investor = await addInvestor(app, busy);
    let last = 0;
    for (let sent = 0; sent <= 60; sent += 1) {
      last = (
        await call(busy, 'POST', `${API}/qadvisor/investors/${investor.id}/invitations`, {
          accountTypes: ['tfsa'],
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    const refused = await call(
      busy,
      'POST',
      `${API}/qadvisor/investors/${investor.id}/invitations`,
      {
        accountTypes: ['tfsa'],
      },
    );
    expect(refused.json()).toMatchObject({ errorCode: 'tooManyInvitations' });
    expect(refused.json<{ retryAfterSeconds: number }>().retryAfterSeconds).toBeGreaterThan(3000);
  });

  it('lets an advisor in only with a second factor', async () => {
    const input = registrationSchema.parse({
      email: uniqueEmail('advisor'),
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'No',
      lastName: 'Factor',
    });
    await register(securityDepsOf(app), input, { address: '127.0.0.1', role: 'advisor' });
    const response = await signIn(app, input.email, input.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'mfaSetupRequired' });
    expect(response.cookies.find((cookie) => cookie.name === 'portal_session')).toBeUndefined();
  });

  it('redirects the bookmarked advisor page to the client route', async () => {
    const response = await app.inject({ url: '/qadvisor/search/investor/express' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/qadvisor/search/investor/express');
  });
});
