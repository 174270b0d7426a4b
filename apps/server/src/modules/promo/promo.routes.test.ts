import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, promoCodes } from '../../db/schema.ts';
import {
  agreement,
  applicationAtOtherInterests,
  applicationAtReview,
  applicationWithAccounts,
  APPLICATIONS_URL,
  createApplication,
  otherInterestsAnswers,
  putStep,
  saveStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer, emailCodeFor } from '../../test/users.ts';
import * as repo from '../applications/applications.repo.ts';
import { verifyWorkEmail } from './work-email.service.ts';

interface PromoBody {
  promoCode: { code: string; offerEn: string; offerFr: string; accountTypes: string[] } | null;
}

const PARTNER_COOKIES = {
  partnerSkin: 'harbour',
  partnerName: 'Harbour Credit Union',
  partnerNameFr: 'Caisse Harbour',
};

describe('promo codes, partner agreement and work email of an application', () => {
  const { test, alice, bob } = signedInTestApp('alice', 'bob');
  const promo = (token: string, id: string, method: 'GET' | 'PUT' | 'DELETE', code?: string) =>
    test.app.inject({
      method,
      url: `${APPLICATIONS_URL}/${id}/promoCode`,
      headers: bearer(token),
      ...(code !== undefined && { payload: { code } }),
    });

  describe('promo codes', () => {
    it('accepts a current code typed in lower case, reads it back and removes it', async () => {
      const application = await applicationWithAccounts(test.app, alice.token, ['cash']);
      const applied = await promo(alice.token, application.id, 'PUT', ' welcome2026 ');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json<PromoBody>().promoCode).toMatchObject({
        code: 'WELCOME2026',
        offerEn: expect.stringContaining('commission'),
        offerFr: expect.stringContaining('commission'),
      });
      const read = await promo(alice.token, application.id, 'GET');
      expect(read.json<PromoBody>().promoCode?.code).toBe('WELCOME2026');
      const trail = await repo.auditTrail(test.app.db, application.id);
      expect(trail.map((event) => event.action)).toContain('promoCodeApplied');

      const removed = await promo(alice.token, application.id, 'DELETE');
      expect(removed.statusCode).toBe(204);
      expect((await promo(alice.token, application.id, 'GET')).json<PromoBody>().promoCode).toBe(
        null,
      );
      const after = await repo.auditTrail(test.app.db, application.id);
      expect(after.map((event) => event.action)).toContain('promoCodeRemoved');
    });

    it.each([
      ['an unknown code', 'NOPE2026', 'promoUnknown'],
      ['an expired code', 'SUMMER2025', 'promoExpired'],
      ['a TFSA/RRSP code for a cash account', 'SAVE2026', 'promoNotEligible'],
    ])('refuses %s with its message', async (_case, code, errorCode) => {
      const application = await applicationWithAccounts(test.app, alice.token, ['cash']);
      const response = await promo(alice.token, application.id, 'PUT', code);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode,
        message: expect.stringMatching(/\w/),
      });
      const [row] = await test.app.db
        .select({ promoCode: applications.promoCode })
        .from(applications)
        .where(eq(applications.id, application.id));
      expect(row?.promoCode).toBeNull();
    });

    it('answers the refusal in French when asked in French', async () => {
      const application = await applicationWithAccounts(test.app, alice.token, ['cash']);
      const response = await test.app.inject({
        method: 'PUT',
        url: `${APPLICATIONS_URL}/${application.id}/promoCode`,
        headers: { ...bearer(alice.token), 'accept-language': 'fr-CA' },
        payload: { code: 'SUMMER2025' },
      });
      expect(response.json<ErrorBody>().errorCode).toBe('promoExpired');
    });

    it('accepts the TFSA/RRSP code for a TFSA, and refuses a code not valid yet', async () => {
      const application = await applicationWithAccounts(test.app, alice.token, ['tfsa']);
      const applied = await promo(alice.token, application.id, 'PUT', 'SAVE2026');
      expect(applied.statusCode, applied.body).toBe(200);
      await test.app.db
        .insert(promoCodes)
        .values({
          code: 'FUTURE2099',
          validFrom: '2099-01-01',
          validUntil: '2099-12-31',
          accountTypes: [],
          offerEn: 'Later.',
          offerFr: 'Plus tard.',
        })
        .onConflictDoNothing();
      const early = await promo(alice.token, application.id, 'PUT', 'FUTURE2099');
      expect(early.json<ErrorBody>().errorCode).toBe('promoNotYetValid');
      // The refused code left the accepted one in place.
      expect(
        (await promo(alice.token, application.id, 'GET')).json<PromoBody>().promoCode?.code,
      ).toBe('SAVE2026');
    });

    it('refuses text that cannot be a code', async () => {
      const application = await createApplication(test.app, alice.token);
      const response = await promo(alice.token, application.id, 'PUT', 'WELCOME 2026!');
      expect(response.statusCode).toBe(400);
    });

    it('no longer changes once the review is agreed', async () => {
      const application = await applicationAtReview(test.app, alice.token);
      expect((await promo(alice.token, application.id, 'PUT', 'WELCOME2026')).statusCode).toBe(200);
      await saveStep(
        test.app,
        alice.token,
        application.id,
        'review',
        application.version,
        agreement,
      );
      const put = await promo(alice.token, application.id, 'PUT', 'SAVE2026');
      expect(put.statusCode).toBe(409);
      expect(put.json<ErrorBody>().errorCode).toBe('applicationLocked');
      expect((await promo(alice.token, application.id, 'DELETE')).statusCode).toBe(409);
      expect(
        (await promo(alice.token, application.id, 'GET')).json<PromoBody>().promoCode?.code,
      ).toBe('WELCOME2026');
    });

    it('refuses agreeing while the code no longer fits the accounts, until it is removed', async () => {
      const atReview = await applicationAtReview(test.app, alice.token);
      expect((await promo(alice.token, atReview.id, 'PUT', 'SAVE2026')).statusCode).toBe(200);
      // The TFSA the code was taken for is swapped for a cash account.
      const cashOnly = await saveStep(
        test.app,
        alice.token,
        atReview.id,
        'allaccounts',
        atReview.version,
        { accounts: ['cash'] },
      );
      const agreed = await putStep(
        test.app,
        alice.token,
        atReview.id,
        'review',
        cashOnly.version,
        agreement,
      );
      expect(agreed.statusCode).toBe(400);
      expect(agreed.json<ErrorBody & { fields: Record<string, string> }>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { 'data.promoCode': 'promoNoLongerEligible' },
      });
      const [row] = await test.app.db
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, atReview.id));
      // Nothing agreed: the application still takes changes.
      expect(row?.status).toBe(cashOnly.status);

      expect((await promo(alice.token, atReview.id, 'DELETE')).statusCode).toBe(204);
      const afterRemoval = await saveStep(
        test.app,
        alice.token,
        atReview.id,
        'review',
        cashOnly.version,
        agreement,
      );
      expect(afterRemoval.status).not.toBe(cashOnly.status);
    });
  });

  describe('partner agreement', () => {
    const accept = (token: string, id: string, cookies?: Record<string, string>) =>
      test.app.inject({
        method: 'PUT',
        url: `${APPLICATIONS_URL}/${id}/partnerAgreement`,
        headers: bearer(token),
        ...(cookies && { cookies }),
      });

    it("records the partner named by the request's skin cookies, once, with an audit event", async () => {
      const application = await createApplication(test.app, alice.token);
      const response = await accept(alice.token, application.id, PARTNER_COOKIES);
      expect(response.statusCode, response.body).toBe(200);
      const recorded = response.json<{ partnerAgreement: Record<string, string> }>()
        .partnerAgreement;
      expect(recorded).toMatchObject({
        skin: 'harbour',
        name: 'Harbour Credit Union',
        nameFr: 'Caisse Harbour',
        acceptedAt: expect.any(String),
      });
      const [row] = await test.app.db
        .select({ partnerAgreement: applications.partnerAgreement })
        .from(applications)
        .where(eq(applications.id, application.id));
      expect(row?.partnerAgreement).toEqual(recorded);
      const trail = await repo.auditTrail(test.app.db, application.id);
      expect(trail.map((event) => event.action)).toContain('partnerAgreementAccepted');
      // Another partner's cookies later do not rewrite what was accepted.
      const again = await accept(alice.token, application.id, {
        partnerSkin: 'prairie',
        partnerName: 'Prairie Bank',
      });
      expect(again.json<{ partnerAgreement: { name: string } }>().partnerAgreement.name).toBe(
        'Harbour Credit Union',
      );
    });

    it('refuses without a partner, or with our own brand as the partner', async () => {
      const application = await createApplication(test.app, alice.token);
      const none = await accept(alice.token, application.id);
      expect(none.statusCode).toBe(400);
      expect(none.json<ErrorBody>().errorCode).toBe('noPartner');
      const own = await accept(alice.token, application.id, {
        partnerSkin: 'laurentide',
        partnerName: 'Laurentide',
      });
      expect(own.statusCode).toBe(400);
    });
  });

  describe('work email', () => {
    const sendCode = (token: string, id: string, email: string) =>
      test.app.inject({
        method: 'POST',
        url: `${APPLICATIONS_URL}/${id}/workEmail/code`,
        headers: bearer(token),
        payload: { email },
      });
    const verify = (token: string, id: string, email: string, code: string) =>
      test.app.inject({
        method: 'PUT',
        url: `${APPLICATIONS_URL}/${id}/workEmail/verify`,
        headers: bearer(token),
        payload: { email, code },
      });
    const employee = (workEmail: string) => ({
      ...otherInterestsAnswers(),
      isEmployeeOrAdvisor: true,
      workEmail,
    });

    it('refuses the step until the work email is proved, then saves it', async () => {
      const application = await applicationAtOtherInterests(test.app, alice.token);
      const email = `alice.${application.id.slice(0, 8)}@harbour.example`;
      const early = await putStep(
        test.app,
        alice.token,
        application.id,
        'otherinterests',
        application.version,
        employee(email),
      );
      expect(early.statusCode).toBe(400);
      expect(early.json<ErrorBody>().fields).toEqual({ 'data.workEmail': 'workEmailNotVerified' });

      expect((await sendCode(alice.token, application.id, email)).statusCode).toBe(201);
      const code = await emailCodeFor(test.app, email);
      const wrong = await verify(
        alice.token,
        application.id,
        email,
        code === '000000' ? '111111' : '000000',
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json<ErrorBody & { attemptsLeft: number }>()).toMatchObject({
        errorCode: 'wrongCode',
        attemptsLeft: 4,
      });
      // Asking again at once is throttled like the other codes.
      const tooSoon = await sendCode(alice.token, application.id, email);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.headers['retry-after']).toBeDefined();

      const right = await verify(alice.token, application.id, email, code);
      expect(right.statusCode, right.body).toBe(200);
      const state = await test.app.inject({
        url: `${APPLICATIONS_URL}/${application.id}/workEmail?email=${encodeURIComponent(email.toUpperCase())}`,
        headers: bearer(alice.token),
      });
      expect(state.json()).toEqual({ email, verified: true });

      const saved = await putStep(
        test.app,
        alice.token,
        application.id,
        'otherinterests',
        application.version,
        employee(email.toUpperCase()),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('does not prove an address for another person, nor with an expired code', async () => {
      const application = await applicationAtOtherInterests(test.app, bob.token);
      const email = `bob.${application.id.slice(0, 8)}@harbour.example`;
      expect((await sendCode(bob.token, application.id, email)).statusCode).toBe(201);
      const code = await emailCodeFor(test.app, email);
      const [owner] = await test.app.db
        .select({ id: applications.ownerId })
        .from(applications)
        .where(eq(applications.id, application.id));
      await expect(
        verifyWorkEmail(
          { db: test.app.db, cipher: test.app.cipher },
          owner?.id ?? '',
          application.id,
          { email, code },
          new Date(Date.now() + 16 * 60_000),
        ),
      ).rejects.toMatchObject({ errorCode: 'codeExpired' });
      const refused = await putStep(
        test.app,
        bob.token,
        application.id,
        'otherinterests',
        application.version,
        employee(email),
      );
      expect(refused.json<ErrorBody>().fields).toEqual({
        'data.workEmail': 'workEmailNotVerified',
      });
    });
  });

  it('answers 404 on every path to someone else', async () => {
    const application = await createApplication(test.app, alice.token);
    const base = `${APPLICATIONS_URL}/${application.id}`;
    const calls = [
      { method: 'GET', url: `${base}/promoCode` },
      { method: 'PUT', url: `${base}/promoCode`, payload: { code: 'WELCOME2026' } },
      { method: 'DELETE', url: `${base}/promoCode` },
      { method: 'GET', url: `${base}/partnerAgreement` },
      { method: 'PUT', url: `${base}/partnerAgreement`, cookies: PARTNER_COOKIES },
      { method: 'GET', url: `${base}/workEmail?email=bob%40harbour.example` },
      { method: 'POST', url: `${base}/workEmail/code`, payload: { email: 'bob@harbour.example' } },
      {
        method: 'PUT',
        url: `${base}/workEmail/verify`,
        payload: { email: 'bob@harbour.example', code: '123456' },
      },
    ] as const;
    for (const call of calls) {
      const response = await test.app.inject({ ...call, headers: bearer(bob.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const [row] = await test.app.db
      .select({ promoCode: applications.promoCode, partner: applications.partnerAgreement })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row).toEqual({ promoCode: null, partner: null });
  });
});
