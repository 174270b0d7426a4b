import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TransferAccountResult,
  TransferPrecheckRefusal,
  TransferView,
} from '@portal/domain/transfers/transfer-request';
import {
  applicationDocuments,
  auditEvents,
  transferEvents,
  transferLines,
  transferRequests,
} from '../../db/schema.ts';
import { webhookSecretOf } from '../../config.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook } from '../../lib/webhooks/webhook-signature.ts';
import { applicationAtReview } from '../../test/applications.ts';
import { multipart, pdf } from '../../test/documents.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import { BANK_TODAY, mailsTo, setBankToday } from '../funding/funding.fixtures.ts';
import {
  API,
  cancel,
  coAccountsOf,
  esignStatusOf,
  partialTransfer,
  PROFILE_LAST_NAME,
  putTransfer,
  signInSandbox,
  submittedTransfer,
  transferableAccount,
} from './transfers.fixtures.ts';
import { transferContext } from './transfers.service.ts';
import { createSandboxEsign } from '../../providers/esign/sandbox-esign.ts';

const SIGNER = `Camille ${PROFILE_LAST_NAME}`;

describe('transfers API (issue 15)', () => {
  const { test, alice, bob, carol, dave } = signedInTestApp('alice', 'bob', 'carol', 'dave');
  let ids: { applicationId: string; accountId: string };

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    ids = await transferableAccount(test.app, alice);
  });

  const rowOf = async (id: string) => {
    const [row] = await test.app.db
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.id, id));
    return row;
  };
  const transferCount = async () => (await test.app.db.select().from(transferRequests)).length;
  const viewOf = async (id: string): Promise<TransferView | undefined> =>
    (await coAccountsOf(test.app, alice, ids.applicationId))
      .flatMap((account) => account.transfers)
      .find((transfer) => transfer.id === id);

  describe('PUT transferAccounts', () => {
    it('saves a partial transfer of two lines and answers where to sign it', async () => {
      const response = await putTransfer(test.app, alice.token, partialTransfer(ids));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const result = response.json<TransferAccountResult>();
      expect(result).toEqual({
        transferAccountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        esignUrl: expect.stringMatching(/^\/sandbox\/esign\/[0-9a-f-]{36}$/),
        esignStatus: 'UNSIGNED',
      });

      const row = (await rowOf(result.transferAccountId))!;
      expect(row).toMatchObject({
        status: null,
        esignStatus: 'UNSIGNED',
        esignProvider: 'sandbox',
        esignEnvelopeId: result.esignUrl!.split('/').pop(),
        accountNumberLast3: '456',
        approximateValueCents: 2_000_000,
        transferFeeCents: 15_000,
        transferTypeId: 4,
        accountType: 'TFSA',
        language: 'en',
      });
      // Neither the account number nor the statement's SIN is stored readable.
      expect(JSON.stringify(row)).not.toMatch(/5XK123456|130 692 544|130692544|Queen/);
      expect(
        test.app.cipher.decrypt(
          row.accountNumberEncrypted,
          transferContext(row.id, 'accountNumber'),
        ),
      ).toBe('5XK123456');
      const lines = await test.app.db
        .select()
        .from(transferLines)
        .where(eq(transferLines.transferRequestId, row.id));
      expect(lines).toEqual([
        expect.objectContaining({ position: 0, kind: 'inKind', symbol: 'XIU', quantity: 100 }),
        expect.objectContaining({ position: 1, kind: 'cash', amountCents: 50_000 }),
      ]);
      // Unsigned: listed, cancellable, never processed.
      expect(await viewOf(row.id)).toMatchObject({
        status: 'UNSIGNED',
        esignStatus: 'UNSIGNED',
        cancellable: true,
        accountNumber: '•••••456',
        fromInstitutionName: 'TD Direct Investing',
        lineCount: 2,
        expected: null,
      });
    });

    it('keeps a statement sent with the form as a document of the application', async () => {
      const response = await putTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '7001234' }),
        { fileName: 'statement.pdf', content: pdf() },
      );
      expect(response.statusCode, response.body).toBe(200);
      const row = (await rowOf(response.json<TransferAccountResult>().transferAccountId))!;
      const [document] = await test.app.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.id, row.statementDocumentId!));
      expect(document).toMatchObject({
        applicationId: ids.applicationId,
        documentType: 'investmentStatement',
      });
    });

    it('answers 400 with the fields to fix when the model is not valid', async () => {
      const before = await transferCount();
      const response = await putTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, {
          accountNumber: '',
          transferType: 9 as 4,
          approximateValue: -5,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'invalidInput',
        fields: {
          accountNumber: 'deliveringAccountNumberRequired',
          transferType: expect.any(String),
          approximateValue: 'amountFormat',
        },
      });
      const notJson = await putTransfer(test.app, alice.token, '{not json');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().fields).toEqual({ transferAccountModel: 'invalid' });
      const notMultipart = await test.app.inject({
        method: 'PUT',
        url: `${API}/transferAccounts`,
        headers: bearer(alice.token),
        payload: partialTransfer(ids),
      });
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json().errorCode).toBe('invalidMultipart');
      expect(await transferCount()).toBe(before);
    });

    // Findings 2026-11-28, A-M6: statements print names without accents and abbreviate
    // street types and directions; such a statement is the profile's.
    it('takes a name printed without its accents and an address written out', async () => {
      const model = partialTransfer(ids, { accountNumber: '7005678' });
      model.statement.holders[0]!.lastName = 'BELANGER';
      model.statement.address.streetName = 'Queen Street West';
      const response = await putTransfer(test.app, alice.token, model);
      expect(response.statusCode, response.body).toBe(200);
    });

    // The form prefills the holder from the profile and shows the SIN only masked: a SIN left
    // blank is the one on file, kept (encrypted) with the statement for the authorization.
    it('takes a SIN left blank as the profile’s', async () => {
      const model = partialTransfer(ids, { accountNumber: '7009012' });
      model.statement.holders[0]!.sin = '';
      const response = await putTransfer(test.app, alice.token, model);
      expect(response.statusCode, response.body).toBe(200);
      const row = (await rowOf(response.json<TransferAccountResult>().transferAccountId))!;
      const stored = JSON.parse(
        test.app.cipher.decrypt(row.statementEncrypted, transferContext(row.id, 'statement')),
      ) as { holders: { sin: string }[] };
      expect(stored.holders[0]!.sin.replace(/\D/g, '')).toBe('130692544');
    });

    it('refuses with 422 another name and an RRSP into a TFSA, saving nothing', async () => {
      const before = await transferCount();
      const model = partialTransfer(ids, { accountType: 'RSP' });
      model.statement.holders[0]!.lastName = 'Belair';
      const response = await putTransfer(test.app, alice.token, model);
      expect(response.statusCode).toBe(422);
      const refusal = response.json<TransferPrecheckRefusal>();
      expect(refusal.errorCode).toBe('transferPrecheckFailed');
      expect(refusal.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'statement.holders.0.lastName',
            code: 'statementNameDiffers',
            values: { statement: 'Belair', profile: PROFILE_LAST_NAME },
            message: expect.stringContaining('contact us'),
          }),
          expect.objectContaining({
            field: 'receiving.accountType',
            code: 'planNotAccepted',
            values: { delivering: 'RSP', receiving: 'TFSA' },
          }),
        ]),
      );
      expect(refusal.problems).toHaveLength(2);
      expect(await transferCount()).toBe(before);
    });

    it('answers the pre-check’s messages in French when asked', async () => {
      const model = partialTransfer(ids);
      model.statement.holders[0]!.lastName = 'Belair';
      const response = await putTransfer(test.app, alice.token, model, undefined, {
        'accept-language': 'fr-CA',
      });
      expect(response.statusCode).toBe(422);
      const [problem] = response.json<TransferPrecheckRefusal>().problems;
      expect(problem!.message).toContain('n’est pas celui de votre profil');
      expect(problem!.message).toContain('Sur votre relevé\u00a0: Belair');
    });

    it('answers 404 for an application or an account of someone else’s', async () => {
      const others = await putTransfer(test.app, bob.token, partialTransfer(ids));
      expect(others.statusCode).toBe(404);
      const bobs = await transferableAccount(test.app, bob);
      const mixed = await putTransfer(
        test.app,
        alice.token,
        partialTransfer({ applicationId: ids.applicationId, accountId: bobs.accountId }),
      );
      expect(mixed.statusCode).toBe(404);
      const document = await putTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { documentUploadedId: crypto.randomUUID() }),
      );
      expect(document.statusCode).toBe(404);
    });

    it('answers 409 fundingNotOpen for an application not agreed yet', async () => {
      const draft = await applicationAtReview(test.app, bob.token);
      const response = await putTransfer(
        test.app,
        bob.token,
        partialTransfer({ applicationId: draft.id, accountId: crypto.randomUUID() }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().errorCode).toBe('fundingNotOpen');
    });
  });

  describe('POST transferAccounts/upload', () => {
    const upload = (token: string, fields: Record<string, string>, withFile = true) => {
      const body = multipart(
        fields,
        withFile ? { name: 'document', fileName: 'statement.pdf', content: pdf() } : undefined,
      );
      return test.app.inject({
        method: 'POST',
        url: `${API}/transferAccounts/upload`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };

    it('stores the statement as the application’s document and answers 201 with its id', async () => {
      const response = await upload(alice.token, {
        accountNumber: '5XK123456',
        applicationId: ids.applicationId,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        documentUploadedId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        documentType: 'investmentStatement',
        applicationId: ids.applicationId,
        accountNumber: '•••••456',
      });
      // The web then names it in the request.
      const put = await putTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { documentUploadedId: body.documentUploadedId }),
      );
      expect(put.statusCode, put.body).toBe(200);
      const row = await rowOf(put.json<TransferAccountResult>().transferAccountId);
      expect(row!.statementDocumentId).toBe(body.documentUploadedId);
    });

    it('takes a transfer form, and the newest application open for funding when none is named', async () => {
      const response = await upload(alice.token, {
        accountNumber: '5XK123456',
        documentType: 'transferForm',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        documentType: 'transferForm',
        applicationId: ids.applicationId,
      });
    });

    it('answers 400 without the account number or the file', async () => {
      const response = await upload(alice.token, { applicationId: ids.applicationId }, false);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        accountNumber: 'deliveringAccountNumberRequired',
        document: 'required',
      });
    });

    it('answers 404 for someone else’s application', async () => {
      const response = await upload(bob.token, {
        accountNumber: '5XK123456',
        applicationId: ids.applicationId,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('e-signature', () => {
    it('is signed by force: the vendor asked, SC_IN_PROGRESS with its expected date, mailed', async () => {
      const { transferAccountId, esignUrl } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9001001' }),
      );
      const url = await esignStatusOf(test.app, alice.token, transferAccountId);
      expect(url.json()).toEqual({ transferAccountId, esignUrl, esignStatus: 'UNSIGNED' });

      await signInSandbox(test.app, esignUrl!, SIGNER);
      // Check only reads what the server knows: the webhook has not come yet.
      const checked = await esignStatusOf(test.app, alice.token, transferAccountId, 'check');
      expect(checked.json()).toEqual({
        transferAccountId,
        esignUrl: null,
        esignStatus: 'UNSIGNED',
      });
      const forced = await esignStatusOf(test.app, alice.token, transferAccountId, 'force');
      expect(forced.json()).toEqual({ transferAccountId, esignUrl: null, esignStatus: 'SIGNED' });

      expect(await rowOf(transferAccountId)).toMatchObject({
        status: 52,
        esignStatus: 'SIGNED',
        signedOn: BANK_TODAY,
        expectedEarliest: '2026-11-30',
        expectedLatest: '2026-11-30',
      });
      expect(await viewOf(transferAccountId)).toMatchObject({
        status: 52,
        cancellable: true,
        expected: { earliest: '2026-11-30', latest: '2026-11-30' },
        signedOn: BANK_TODAY,
      });
      const events = await test.app.db
        .select()
        .from(transferEvents)
        .where(eq(transferEvents.transferRequestId, transferAccountId));
      expect(events).toEqual([
        expect.objectContaining({ actor: 'esign', fromStatus: null, toStatus: 52 }),
      ]);
      const mails = (await mailsTo(test.app, alice.email)).filter((mail) =>
        mail.text.includes('TD Direct Investing •••••001'),
      );
      expect(mails.map((mail) => mail.subject)).toEqual([
        'We received your signed transfer authorization',
      ]);
      expect(mails[0]!.text).toContain('November 30, 2026');
      expect(mails[0]!.text).not.toContain('9001001');
      // Signed: nothing left to sign, and a second force records nothing more.
      const again = await esignStatusOf(test.app, alice.token, transferAccountId, 'force');
      expect(again.json().esignStatus).toBe('SIGNED');
      expect(
        (
          await test.app.db
            .select()
            .from(transferEvents)
            .where(eq(transferEvents.transferRequestId, transferAccountId))
        ).length,
      ).toBe(1);
      const after = await esignStatusOf(test.app, alice.token, transferAccountId);
      expect(after.json()).toEqual({ transferAccountId, esignUrl: null, esignStatus: 'SIGNED' });
    });

    it('is signed by the vendor’s webhook though the client never comes back', async () => {
      const { transferAccountId, esignUrl } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9002002' }),
      );
      await signInSandbox(test.app, esignUrl!, SIGNER);
      expect(
        await test.app.sandboxWebhooks.runOnce(new Date(Date.now() + 60_000)),
      ).toBeGreaterThanOrEqual(1);
      expect(await rowOf(transferAccountId)).toMatchObject({ status: 52, esignStatus: 'SIGNED' });
      const audits = await test.app.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.applicationId, ids.applicationId),
            eq(auditEvents.action, 'transferSigned'),
          ),
        );
      expect(
        audits.filter(
          (audit) => (audit.details as { transferId?: string }).transferId === transferAccountId,
        ),
      ).toEqual([
        expect.objectContaining({
          details: { transferId: transferAccountId, reportedBy: 'webhook' },
        }),
      ]);
    });

    it('acknowledges a signed webhook for a transfer already recorded without recording it twice', async () => {
      const { transferAccountId, esignUrl } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9003003' }),
      );
      const envelopeId = await signInSandbox(test.app, esignUrl!, SIGNER);
      const secret = webhookSecretOf(
        { appSecret: 'test-secret-test-secret-test-secret-0001' },
        'esign',
      );
      const post = (eventId: string) => {
        const body = JSON.stringify({
          id: eventId,
          type: 'envelope.completed',
          occurredAt: new Date().toISOString(),
          data: { envelopeId, status: 'signed' },
        });
        return test.app.inject({
          method: 'POST',
          url: '/webhooks/esign',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
          },
          payload: body,
        });
      };
      expect((await post(`evt-a-${envelopeId}`)).statusCode).toBe(200);
      expect((await post(`evt-b-${envelopeId}`)).statusCode).toBe(200);
      const events = await test.app.db
        .select()
        .from(transferEvents)
        .where(eq(transferEvents.transferRequestId, transferAccountId));
      expect(events).toHaveLength(1);
    });

    it('returns from the ceremony where the client signed from: the application’s funding step or the funding page, never elsewhere', async () => {
      const envelopeOf = async (esignUrl: string) =>
        createSandboxEsign({ db: test.app.db, cipher: test.app.cipher }).envelope(
          esignUrl.split('/').pop()!,
        );
      const body = multipart({
        transferAccountModel: JSON.stringify(partialTransfer(ids, { accountNumber: '9005005' })),
        returnTo: 'application',
      });
      const put = await test.app.inject({
        method: 'PUT',
        url: `${API}/transferAccounts`,
        headers: { ...bearer(alice.token), ...body.headers },
        payload: body.payload,
      });
      expect(put.statusCode).toBe(200);
      const { transferAccountId, esignUrl } = put.json<TransferAccountResult>();
      const inApplication = `/#/application/${ids.applicationId}/funding?transfer=${transferAccountId}&returned=1`;
      expect((await envelopeOf(esignUrl!))?.returnPath).toBe(inApplication);

      // Resumed from the funding page, the same envelope returns there; asked again from the
      // application, back to the application.
      const fromPage = await test.app.inject({
        url: `${API}/transferAccounts/${transferAccountId}/esign?returnTo=funding`,
        headers: bearer(alice.token),
      });
      expect(fromPage.json().esignUrl).toBe(esignUrl);
      expect((await envelopeOf(esignUrl!))?.returnPath).toBe(
        `/#/home/funding?transfer=${transferAccountId}&returned=1`,
      );
      await test.app.inject({
        url: `${API}/transferAccounts/${transferAccountId}/esign?returnTo=application`,
        headers: bearer(alice.token),
      });
      expect((await envelopeOf(esignUrl!))?.returnPath).toBe(inApplication);

      // Only the known targets: another site is refused, and the envelope keeps its return.
      const elsewhere = await test.app.inject({
        url: `${API}/transferAccounts/${transferAccountId}/esign?returnTo=${encodeURIComponent('//evil.example')}`,
        headers: bearer(alice.token),
      });
      expect(elsewhere.statusCode).toBe(400);
      expect((await envelopeOf(esignUrl!))?.returnPath).toBe(inApplication);
    });

    it('answers 404 for someone else’s transfer in every mode', async () => {
      const { transferAccountId } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9004004' }),
      );
      for (const mode of [undefined, 'check', 'force'] as const) {
        const response = await esignStatusOf(test.app, bob.token, transferAccountId, mode);
        expect(response.statusCode).toBe(404);
      }
      expect((await esignStatusOf(test.app, bob.token, crypto.randomUUID())).statusCode).toBe(404);
    });
  });

  describe('DELETE transferAccounts/cancel/{id}', () => {
    it('cancels an unsigned transfer (stored 62), audits and mails it; cancelling again is 409', async () => {
      const { transferAccountId } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9005005', transferType: 1, lines: [] }),
      );
      const response = await cancel(test.app, alice.token, transferAccountId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().transfer).toMatchObject({
        id: transferAccountId,
        status: 'CANCELLED',
        cancellable: false,
      });
      expect((await rowOf(transferAccountId))!.status).toBe(62);
      const events = await test.app.db
        .select()
        .from(transferEvents)
        .where(eq(transferEvents.transferRequestId, transferAccountId));
      expect(events).toEqual([
        expect.objectContaining({ actor: 'client', fromStatus: null, toStatus: 62 }),
      ]);
      const mails = (await mailsTo(test.app, alice.email)).filter((mail) =>
        mail.text.includes('•••••005'),
      );
      expect(mails.map((mail) => mail.subject)).toEqual(['Your transfer is cancelled']);

      const again = await cancel(test.app, alice.token, transferAccountId);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe('notCancellable');
      // A cancelled transfer has nothing to sign.
      const url = await esignStatusOf(test.app, alice.token, transferAccountId);
      expect(url.statusCode).toBe(409);
    });

    it('cancels a signed transfer not yet sent, and answers 409 once the job sent it', async () => {
      const first = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9006006' }),
      );
      await signInSandbox(test.app, first.esignUrl!, SIGNER);
      await esignStatusOf(test.app, alice.token, first.transferAccountId, 'force');
      const cancelled = await cancel(test.app, alice.token, first.transferAccountId);
      expect(cancelled.statusCode).toBe(200);
      expect(await rowOf(first.transferAccountId)).toMatchObject({ status: 62 });

      const second = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9007007' }),
      );
      await signInSandbox(test.app, second.esignUrl!, SIGNER);
      await esignStatusOf(test.app, alice.token, second.transferAccountId, 'force');
      await setBankToday(test.app, '2026-11-17');
      expect(await rowOf(second.transferAccountId)).toMatchObject({ status: 59 });
      // The cancelled one was never sent.
      expect(await rowOf(first.transferAccountId)).toMatchObject({ status: 62 });
      const late = await cancel(test.app, alice.token, second.transferAccountId);
      expect(late.statusCode).toBe(409);
      expect(late.json().errorCode).toBe('notCancellable');
      await setBankToday(test.app, BANK_TODAY);
    });

    it('answers 409 transferBeingProcessed while the processing job holds the transfer', async () => {
      const { transferAccountId } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9008008' }),
      );
      // The job's lease on a transfer it set aside (claimed_until in the future).
      await test.app.db
        .update(transferRequests)
        .set({ claimedBy: 'job', claimedUntil: new Date(Date.now() + 60_000) })
        .where(eq(transferRequests.id, transferAccountId));
      const response = await cancel(test.app, alice.token, transferAccountId);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorCode).toBe('transferBeingProcessed');
      expect((await rowOf(transferAccountId))!.status).toBeNull();
    });

    // PGlite has one connection: a second transaction waits for the first, so only a server
    // shows a claim held by another transaction.
    it.runIf(process.env.TEST_DATABASE_URL)(
      'answers 409 transferBeingProcessed while the job’s claim locks the row (PostgreSQL)',
      async () => {
        const { transferAccountId } = await submittedTransfer(
          test.app,
          alice.token,
          partialTransfer(ids, { accountNumber: '9010010' }),
        );
        let statusCode = 0;
        await test.app.db.transaction(async (tx) => {
          await tx
            .select()
            .from(transferRequests)
            .where(eq(transferRequests.id, transferAccountId))
            .for('update', { skipLocked: true });
          statusCode = (await cancel(test.app, alice.token, transferAccountId)).statusCode;
        });
        expect(statusCode).toBe(409);
        expect((await rowOf(transferAccountId))!.status).toBeNull();
      },
    );

    it('answers 404 for someone else’s transfer and leaves it as it was', async () => {
      const { transferAccountId } = await submittedTransfer(
        test.app,
        alice.token,
        partialTransfer(ids, { accountNumber: '9009009' }),
      );
      const response = await cancel(test.app, bob.token, transferAccountId);
      expect(response.statusCode).toBe(404);
      expect((await rowOf(transferAccountId))!.status).toBeNull();
    });
  });

  describe('a joint account', () => {
    it('takes a statement naming both holders, in any order, on the joint timing; one holder is 422', async () => {
      const applicationId = await agreedApplication(test.app, carol, { joint: dave });
      const [account] = await coAccountsOf(test.app, carol, applicationId);
      expect(account).toMatchObject({ transferAccountType: 'Cash', ownershipTypeId: 2 });
      const camille = {
        firstName: 'Camille',
        lastName: 'Tremblay',
        sin: '130 692 544',
        birthDate: '1985-03-27',
      };
      const alex = { ...camille, firstName: 'Alex', sin: '193 456 787' };
      const model = (holders: (typeof camille)[]) => {
        const base = partialTransfer(
          { applicationId, accountId: account!.accountId },
          { accountType: 'Cash', transferType: 1, lines: [], accountNumber: '4440001' },
        );
        return { ...base, statement: { ...base.statement, holders } };
      };

      const alone = await putTransfer(test.app, carol.token, model([camille]));
      expect(alone.statusCode).toBe(422);
      expect(alone.json<TransferPrecheckRefusal>().problems).toEqual([
        expect.objectContaining({
          field: 'statement.holders',
          code: 'transferHoldersDiffer',
          values: { statement: '1', profile: '2' },
        }),
      ]);

      const both = await submittedTransfer(test.app, carol.token, model([alex, camille]));
      await signInSandbox(test.app, both.esignUrl!, 'Camille Tremblay');
      await esignStatusOf(test.app, carol.token, both.transferAccountId, 'force');
      // Joint: 12 to 25 business days from Monday 2026-11-16.
      expect(await rowOf(both.transferAccountId)).toMatchObject({
        status: 52,
        expectedEarliest: '2026-12-02',
        expectedLatest: '2026-12-21',
      });
      // The joint applicant does not manage the primary's transfers.
      expect((await cancel(test.app, dave.token, both.transferAccountId)).statusCode).toBe(404);
    });
  });

  describe('GET coapplications/{id}/coaccounts', () => {
    it('answers the application’s accounts with their transfers, newest first', async () => {
      const accounts = await coAccountsOf(test.app, alice, ids.applicationId);
      expect(accounts).toHaveLength(1);
      expect(accounts[0]).toMatchObject({
        accountId: ids.accountId,
        accountTypeId: expect.any(Number),
        accountTypeName: 'tfsa',
        transferAccountType: 'TFSA',
        ownershipTypeId: 1,
        currencyTypeId: 1,
        jurisdiction: null,
        accountNumber: null,
      });
      const created = accounts[0]!.transfers.map((transfer) => transfer.createdAt);
      expect(created.length).toBeGreaterThan(1);
      expect([...created].sort().reverse()).toEqual(created);
    });

    it('answers 404 for someone else’s application and [] for one not agreed yet', async () => {
      const others = await test.app.inject({
        url: `${API}/coapplications/${ids.applicationId}/coaccounts`,
        headers: bearer(bob.token),
      });
      expect(others.statusCode).toBe(404);
      const draft = await applicationAtReview(test.app, bob.token);
      expect(await coAccountsOf(test.app, bob, draft.id)).toEqual([]);
    });
  });

  describe('GET references/deliveringInstitutions', () => {
    const lookup = (query: string, headers: Record<string, string> = {}) =>
      test.app.inject({
        url: `${API}/references/deliveringInstitutions?${query}`,
        headers: { ...bearer(alice.token), ...headers },
      });

    it('finds institutions by name, whatever the case, in the answer’s language', async () => {
      const response = await lookup('limit=10&search=td direct');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: 'td-direct-investing', description: 'TD Direct Investing' },
      ]);
      const french = await lookup('limit=10&search=td direct', { 'accept-language': 'fr' });
      expect(french.json()).toEqual([
        { id: 'td-direct-investing', description: 'Placements directs TD' },
      ]);
    });

    it('answers [] for a blank search and at most 10, whatever limit asks', async () => {
      expect((await lookup('limit=10&search=')).json()).toEqual([]);
      expect((await lookup('limit=10&search=%20%20')).json()).toEqual([]);
      expect((await lookup('limit=50&search=a')).json()).toHaveLength(10);
      expect((await lookup('limit=3&search=a')).json()).toHaveLength(3);
    });
  });

  describe('sign-in', () => {
    it('answers 401 on every path without a token', async () => {
      const id = crypto.randomUUID();
      const calls = [
        { method: 'POST', url: `${API}/transferAccounts/upload` },
        { method: 'PUT', url: `${API}/transferAccounts` },
        { method: 'DELETE', url: `${API}/transferAccounts/cancel/${id}` },
        { method: 'GET', url: `${API}/transferAccounts/${id}/esign` },
        { method: 'GET', url: `${API}/transferAccounts/${id}/esign?status=check` },
        { method: 'GET', url: `${API}/coapplications/${id}/coaccounts` },
        { method: 'GET', url: `${API}/references/deliveringInstitutions?limit=10&search=td` },
      ] as const;
      for (const call of calls) {
        const response = await test.app.inject(call);
        expect(response.statusCode, call.url).toBe(401);
      }
    });
  });
});
