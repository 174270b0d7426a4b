// Past 600 lines on purpose: one person's walk through five real vendors shares one server and
// its vendors' stand-ins (about a minute to start); split, each part would start them again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SegmentedMessage } from 'sms-segments-calculator';
import { BIOMETRIC_CONSENT_VERSION, CUSTOMER_AGREEMENT_ID, provinces } from '@portal/domain';
import { esignReturnPath } from '@portal/domain/rules/esign';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../lib/crypto/field-cipher.ts';
import { decryptedRecordOf } from '../modules/identity/identity-outcome.ts';
import {
  ONFIDO_SIGNATURE_HEADER,
  ONFIDO_WEBHOOK_PATH,
} from '../providers/document-verification/onfido-webhook.ts';
import { connectSignature, DOCUSIGN_CONNECT_PATH } from '../providers/esign/docusign-connect.ts';
import { TWILIO_STATUS_CALLBACK_PATH } from '../providers/sms/sms-refusals.ts';
import { otherInterestsAnswers } from '../test/applications.ts';
import { multipart, png } from '../test/documents.ts';
import { eventually, HttpPerson } from '../test/journey/http-person.ts';
import { freePort, startServer, type SpawnedServer } from '../test/journey/spawned-server.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { startCanadaPostFake, type CanadaPostFake } from '../test/vendors/canada-post-fake.ts';
import { startDocusignContract, type DocusignContract } from '../test/vendors/docusign-contract.ts';
import {
  docusignTestIdentity,
  startDocusignOauth,
  type DocusignOauthStandIn,
} from '../test/vendors/docusign-oauth.ts';
import { startDocusignStandIn, type DocusignStandIn } from '../test/vendors/docusign-stand-in.ts';
import {
  startOnfidoContract,
  startOnfidoStandIn,
  type OnfidoStandIn,
} from '../test/vendors/onfido-stand-in.ts';
import type { RecordedPrism } from '../test/vendors/prism.ts';
import {
  documentedChequing,
  signInThroughConnect,
  startFlinksFake,
  type FlinksFake,
} from '../test/vendors/flinks-fake.ts';
import {
  startTwilioContract,
  startTwilioStandIn,
  type TwilioContract,
  type TwilioStandIn,
  type TwilioText,
} from '../test/vendors/twilio-stand-in.ts';

/**
 * Issues 33 and 34, "Done when": the real `main.ts` on PostgreSQL, with SANDBOX_VENDORS=true and
 * the real providers configured (mixed mode): SMS through the Twilio adapter (Prism proxying
 * Twilio's published document to a stand-in), address look-up through the Canada Post adapter
 * (the AddressComplete fake of Canada Post's published examples), e-signature through the
 * DocuSign adapter (Prism proxying DocuSign's published document to a stand-in, and the OAuth
 * stand-in over TLS), photo ID through the Onfido adapter (Prism proxying Onfido's published
 * document to a stand-in), and no credit bureau. Mail stays a sandbox.
 *
 * One French-speaking person walks it over HTTP: a text-message sign-in code, a delivery
 * callback, an address found in French through a container, the application's answers and
 * review, photo ID on the phone after her consent to the comparison, from a hand-off link
 * texted through Twilio (Onfido's check completes clear; a forged webhook changes nothing, a
 * replay is a duplicate; the FINTRAC record holds the check's id; the applicant is deleted),
 * DocuSign embedded signing (the test plays DocuSign: completes the envelope and posts the
 * signed Connect event), ending under review with the signed copy downloadable.
 *
 * It runs in the PostgreSQL pass only (TEST_DATABASE_URL: scripts/test-all.mjs), on a database
 * of its own copied from the run's template (test-app.ts).
 */

const API = '/service/jaxrs';
const TWILIO_ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const TWILIO_AUTH_TOKEN = randomBytes(16).toString('hex');
const TWILIO_FROM = '+14385550100';
const CONNECT_KEY = randomBytes(32).toString('base64');
const ONFIDO_API_TOKEN = `api_sandbox.${randomBytes(12).toString('hex')}`;
const ONFIDO_WEBHOOK_TOKEN = randomBytes(24).toString('hex');
const DATA_KEY = randomBytes(32);
const MAILBOX_SECRET = randomBytes(24).toString('hex');
const PASSWORD = 'Erable-Rouge-Saint-Laurent-2026';
/** Each step's time limit: generous, for a loaded machine (a step takes seconds). */
const STEP_MS = 90_000;
/** The person's mobile phone: its texts are read from Twilio's stand-in. */
const MOBILE = '5145550142';
/** The same number as every text is addressed (E.164). */
const MOBILE_E164 = `+1${MOBILE}`;

const person = {
  firstName: 'Marie-Ève',
  lastName: 'Gagnon',
  email: `marie-eve.gagnon.${process.pid}.${Date.now()}@example.com`,
};

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'issue 33: a French-speaking person through Twilio, Canada Post and DocuSign on the real server (PostgreSQL)',
  () => {
    const identity = docusignTestIdentity();
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let databaseUrl = '';
    let dataDir = '';
    let twilioStandIn: TwilioStandIn;
    let twilioContract: TwilioContract;
    let docusignStandIn: DocusignStandIn;
    let docusignContract: DocusignContract;
    let oauth: DocusignOauthStandIn;
    let canadaPost: CanadaPostFake;
    let onfidoStandIn: OnfidoStandIn;
    let onfidoContract: RecordedPrism;
    let flinks: FlinksFake;
    let server: SpawnedServer;
    let marie: HttpPerson;
    /** What the journey carries from one step to the next. */
    const journey = {
      applicationId: '',
      version: 0,
      homeAddress: {} as Record<string, unknown>,
      envelopeId: '',
      checkId: '',
    };

    beforeAll(async () => {
      const [created, twilio, docusign, fake, onfido, flinksFake] = await Promise.all([
        createTestDatabase(),
        startTwilioStandIn({ accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN }),
        startDocusignStandIn({ accountId: identity.accountId }),
        startCanadaPostFake(),
        startOnfidoStandIn({ apiToken: ONFIDO_API_TOKEN }),
        startFlinksFake({ holderName: `${person.firstName} ${person.lastName}` }),
      ]);
      database = created;
      twilioStandIn = twilio;
      docusignStandIn = docusign;
      canadaPost = fake;
      onfidoStandIn = onfido;
      flinks = flinksFake;
      if (database.config.driver !== 'postgres') throw new Error('PostgreSQL expected');
      databaseUrl = database.config.url;
      [twilioContract, docusignContract, onfidoContract] = await Promise.all([
        startTwilioContract({ upstream: twilioStandIn.url }),
        startDocusignContract({ upstream: docusignStandIn.url }),
        startOnfidoContract({ upstream: onfidoStandIn.url }),
      ]);
      oauth = await startDocusignOauth(identity, () => docusignContract.baseUri);
      dataDir = mkdtempSync(path.join(tmpdir(), 'portal-real-vendors-'));
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      server = await startServer({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-client'),
        DATABASE_URL: databaseUrl,
        DATA_ENCRYPTION_KEY: DATA_KEY.toString('base64'),
        SANDBOX_VENDORS: 'true',
        SEED_DEMO_USERS: 'false',
        SANDBOX_MAILBOX_SECRET: MAILBOX_SECRET,
        BUREAU_MAINTENANCE_WINDOWS: 'false',
        OUTBOX_POLL_MS: '200',
        SANDBOX_WEBHOOK_POLL_MS: '200',
        RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        // SMS: Twilio, through Prism on Twilio's document.
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN,
        TWILIO_FROM,
        TWILIO_API_URL: twilioContract.url,
        // Address look-up: Canada Post AddressComplete, the fake of its published examples.
        ADDRESS_LOOKUP_PROVIDER: 'canadapost',
        CANADA_POST_ADDRESSCOMPLETE_KEY: canadaPost.key,
        CANADA_POST_ADDRESSCOMPLETE_URL: canadaPost.url,
        // E-signature: DocuSign, its OAuth stand-in over TLS, then Prism on its document.
        ESIGN_PROVIDER: 'docusign',
        DOCUSIGN_INTEGRATION_KEY: identity.integrationKey,
        DOCUSIGN_USER_ID: identity.userId,
        DOCUSIGN_PRIVATE_KEY: identity.privateKey,
        DOCUSIGN_AUTH_SERVER: oauth.host,
        DOCUSIGN_CONNECT_HMAC_KEYS: `retired-key-${randomBytes(8).toString('hex')},${CONNECT_KEY}`,
        NODE_EXTRA_CA_CERTS: oauth.certificateFile,
        // Photo ID and selfie: Onfido, through Prism on its document.
        IDENTITY_DOCUMENT_PROVIDER: 'onfido',
        ONFIDO_API_TOKEN,
        ONFIDO_WEBHOOK_TOKEN,
        ONFIDO_API_URL: onfidoContract.url,
        // Bank connection: Flinks Connect and API, the fake of Flinks' documented examples.
        BANK_CONNECTION_PROVIDER: 'flinks',
        FLINKS_CUSTOMER_ID: flinks.customerId,
        FLINKS_API_URL: flinks.apiUrl,
        FLINKS_CONNECT_URL: flinks.connectUrl,
        FLINKS_API_KEY: flinks.apiKey,
        FLINKS_SECRET_KEY: flinks.secretKey,
        // No credit bureau: the identity step offers no credit-file questions.
        CREDIT_BUREAU_PROVIDER: 'none',
      });
      marie = new HttpPerson(server.url);
    }, 180_000);

    afterAll(async () => {
      // Everything is closed and the database dropped even if one of them fails to close.
      try {
        await server?.stop();
      } finally {
        await Promise.allSettled([
          twilioContract?.close(),
          docusignContract?.close(),
          onfidoContract?.close(),
          onfidoStandIn?.close(),
          flinks?.close(),
          oauth?.close(),
          twilioStandIn?.close(),
          docusignStandIn?.close(),
          canadaPost?.close(),
        ]);
        await database?.drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);

    /** The server's log, shown when an expectation about it fails. */
    const log = () => `\n--- server log ---\n${server.output().slice(-4000)}`;

    const mailboxMessages = async (to?: string) => {
      const answer = await marie.get(
        `/sandbox/mailbox/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`,
        { headers: { 'sandbox-mailbox-secret': MAILBOX_SECRET }, anonymous: true },
      );
      expect(answer.status).toBe(200);
      return answer.json<{ channel: string; recipient: string; subject: string; text: string }[]>();
    };

    /** What the database recorded of a text Twilio accepted (by its sid). */
    async function outboxRowOf(sid: string) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const result = await client.query<{
          status: string;
          delivery_status: string | null;
          template: string;
        }>(
          'select status, delivery_status, template from outbox_messages where vendor_reference = $1',
          [sid],
        );
        return result.rows[0];
      } finally {
        await client.end();
      }
    }

    /** The photo-ID attempt of an Onfido check, with its start's audit details. */
    async function attemptOf(checkId: string) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const result = await client.query<{
          id: string;
          record_encrypted: string | null;
          started: Record<string, unknown>;
        }>(
          `select a.id, a.record_encrypted, e.details as started
             from identity_attempts a
             join audit_events e on e.action = 'identityAttemptStarted'
              and e.details->>'attemptId' = a.id::text
            where a.vendor_reference = $1`,
          [checkId],
        );
        return result.rows[0];
      } finally {
        await client.end();
      }
    }

    const signInCodeIn = (text: TwilioText) => /code de connexion est (\d{6})/.exec(text.body)?.[1];

    async function saveStep(step: string, data: unknown) {
      const answer = await marie.put(`${API}/applications/${journey.applicationId}/steps/${step}`, {
        json: { version: journey.version, data },
      });
      expect(answer.status, `${step}: ${answer.text}`).toBe(200);
      const saved = answer.json<{ version: number; status: string }>();
      journey.version = saved.version;
      return saved;
    }

    it(
      'registers in French, proves the address by mail (sandbox) and sets up text messages through Twilio',
      async () => {
        const registered = await marie.post('/security/register', {
          form: { ...person, password: PASSWORD, language: 'fr' },
        });
        expect(registered.status, registered.text).toBe(201);
        const signedIn = await marie.post('/security/login', {
          form: { username: person.email, password: PASSWORD },
        });
        expect(signedIn.status, signedIn.text).toBe(204);
        const authorized = await marie.get(
          '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
        );
        expect(authorized.status).toBe(200);
        marie.token = authorized.text.trim();

        // Mail has no real vendor here: the verification code is in the sandbox mailbox.
        const code = await eventually('the verification mail', async () => {
          const mails = await mailboxMessages(person.email);
          return mails.map((mail) => /\b(\d{6})\b/.exec(mail.subject)?.[1]).find(Boolean);
        });
        const verified = await marie.put(`${API}/account/email-verification`, { json: { code } });
        expect(verified.status, verified.text).toBe(200);

        const setUp = await marie.post(`${API}/account/mfa/sms`, {
          json: { phone: '(514) 555-0142', password: PASSWORD },
        });
        expect(setUp.status, setUp.text).toBe(202);
        const setupText = await twilioStandIn.waitForText(MOBILE_E164);
        expect(setupText).toMatchObject({ to: `+1${MOBILE}`, from: TWILIO_FROM });
        expect(setupText.statusCallback).toBe(`${server.url}${TWILIO_STATUS_CALLBACK_PATH}`);
        const setupCode = /code de vérification est (\d{6})/.exec(setupText.body)?.[1];
        expect(setupCode, setupText.body).toBeDefined();
        const confirmed = await marie.put(`${API}/account/mfa/sms`, { json: { code: setupCode } });
        expect(confirmed.status, confirmed.text).toBe(200);

        const signedOut = await marie.get('/security/logout?skipredirect=true');
        expect(signedOut.status).toBe(204);
        marie.token = undefined;
        marie.cookies.clear();
      },
      STEP_MS,
    );

    it(
      'signs in with a code texted through Twilio (not in the sandbox mailbox); the delivery callback is recorded',
      async () => {
        const password = await marie.post('/security/login', {
          form: { username: person.email, password: PASSWORD },
        });
        expect(password.status).toBe(401);
        expect(password.json()).toMatchObject({ errorCode: 'mfaRequired' });
        expect(marie.cookies.has('portal_mfa')).toBe(true);

        const textsBefore = twilioStandIn.textsTo(MOBILE_E164).length;
        const texted = await marie.post('/security/login/sms', { json: {} });
        expect(texted.status, texted.text).toBe(202);
        expect(texted.json()).toEqual({ sent: true });
        const codeText = await twilioStandIn.waitForText(
          MOBILE_E164,
          (text) => signInCodeIn(text) !== undefined,
        );
        expect(twilioStandIn.textsTo(MOBILE_E164)).toHaveLength(textsBefore + 1);
        const code = signInCodeIn(codeText) ?? '';
        // The French code text, as Twilio received it, is one segment (Twilio's own calculator).
        const segments = new SegmentedMessage(codeText.body, 'auto');
        expect(segments.segmentsCount, `${segments.getEncodingName()}: ${codeText.body}`).toBe(1);
        // Once Twilio carries SMS, the sandbox mailbox holds none: neither this code nor any text.
        expect(await mailboxMessages(`+1${MOBILE}`)).toEqual([]);
        expect(await mailboxMessages(MOBILE)).toEqual([]);
        const everything = await mailboxMessages();
        expect(everything.filter((message) => message.channel === 'sms')).toEqual([]);
        expect(JSON.stringify(everything)).not.toContain(code);

        const verified = await marie.post('/security/login/verify', { json: { otp: code } });
        expect(verified.status, verified.text).toBe(204);
        expect(marie.cookies.has('portal_session')).toBe(true);
        const authorized = await marie.get(
          '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
        );
        expect(authorized.status).toBe(200);
        marie.token = authorized.text.trim();

        // Twilio reports the delivery: signed over PUBLIC_URL's callback address, recorded.
        expect(await outboxRowOf(codeText.sid)).toMatchObject({
          status: 'sent',
          template: 'smsSignIn',
          delivery_status: null,
        });
        const forged = await twilioStandIn.statusCallback(codeText, 'delivered', {
          signWith: 'not-the-auth-token',
        });
        expect(forged.status).toBe(403);
        const delivered = await twilioStandIn.statusCallback(codeText, 'delivered');
        expect(delivered.status, log()).toBe(204);
        expect(await outboxRowOf(codeText.sid)).toMatchObject({ delivery_status: 'delivered' });
      },
      STEP_MS,
    );

    it(
      'finds the home address in French through a Canada Post container, and retrieves its French label',
      async () => {
        const created = await marie.post(`${API}/applications`);
        expect(created.status, created.text).toBe(201);
        const application = created.json<{ id: string; version: number }>();
        journey.applicationId = application.id;
        journey.version = application.version;
        await saveStep('ownership', { ownershipTypeId: 1 });
        await saveStep('doyouknow', { knowsAccount: true });
        await saveStep('allaccounts', { accounts: ['tfsa'] });
        await saveStep('account', {});

        const keyAnswer = await marie.get(`${API}/addressLookup/key`);
        expect(keyAnswer.status).toBe(200);
        const { key } = keyAnswer.json<{ key: string }>();
        const callsBefore = canadaPost.calls.length;
        const found = await marie.get(
          `${API}/addressLookup/find?${new URLSearchParams({ key, q: 'saint-denis montréal', lang: 'fr' })}`,
        );
        expect(found.status, found.text).toBe(200);
        const suggestions = found.json<{ id: string; text: string; description: string }[]>();
        // Canada Post answered a container first ("Rue Saint-Denis - 3 Addresses", Next: Find);
        // the adapter drilled into it with LastId, in French, and offers its addresses.
        const finds = canadaPost.calls.slice(callsBefore);
        expect(finds).toEqual([
          {
            service: 'Find',
            query: expect.objectContaining({
              SearchTerm: 'saint-denis montréal',
              LanguagePreference: 'fr',
              Key: '***',
            }),
          },
          {
            service: 'Find',
            query: expect.objectContaining({
              LastId: 'CA|CP|ENG|QC-MONTREAL-RUE_SAINT_DENIS',
              LanguagePreference: 'fr',
            }),
          },
        ]);
        expect(finds[0]?.query.LastId).toBeUndefined();
        expect(suggestions.map((suggestion) => suggestion.text)).toEqual(
          expect.arrayContaining([
            '1200 Rue Saint-Denis',
            '402-1200 Rue Saint-Denis',
            '4515 Rue Saint-Denis',
            '100 Rue Saint-Denis',
          ]),
        );
        const suite = suggestions.find(
          (suggestion) => suggestion.text === '402-1200 Rue Saint-Denis',
        );
        expect(suite?.id).toBe('CA|CP|B|20481105');

        const retrieved = await marie.get(
          `${API}/addressLookup/retrieve/${encodeURIComponent(suite?.id ?? '')}?${new URLSearchParams({ key, lang: 'fr' })}`,
        );
        expect(retrieved.status, retrieved.text).toBe(200);
        // The French row of Retrieve (Language FRE), not the English one (Saint-Denis St, Montreal).
        expect(retrieved.json()).toEqual({
          suite: '402',
          streetNumber: '1200',
          streetName: 'Rue Saint-Denis',
          city: 'Montréal',
          provinceId: provinces.QC,
          postalCode: 'H2X 3J6',
          countryId: 1,
        });
        expect(canadaPost.calls.at(-1)).toEqual({
          service: 'Retrieve',
          query: { Key: '***', Id: 'CA|CP|B|20481105' },
        });
        // The key stays on the server.
        expect(found.text + retrieved.text).not.toContain(canadaPost.key);
        journey.homeAddress = retrieved.json();
      },
      STEP_MS,
    );

    it(
      'answers the application with that address and agrees in French: signing waits for her identity',
      async () => {
        await saveStep('profile', {
          ...completeProfile,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          confirmEmail: person.email,
          phones: [{ type: 3, number: '(514) 555-0142' }],
          homeAddress: journey.homeAddress,
        });
        await saveStep('otherinterests', { ...otherInterestsAnswers(), correspondenceLanguage: 2 });
        const agreed = await saveStep('review', {
          agreementId: CUSTOMER_AGREEMENT_ID,
          hasConsent: true,
          boundLanguage: 'fr',
        });
        expect(agreed.status).toBe('esignatureRequired');

        // Identity is due before signing (bypass-qualId is off on this loopback server).
        const notYet = await marie.post(`${API}/applications/${journey.applicationId}/esign`);
        expect(notYet.status, notYet.text).toBe(409);
        expect(notYet.json()).toMatchObject({ errorCode: 'identityNotVerified' });
      },
      STEP_MS,
    );

    it(
      'connects her bank through Flinks Connect (a security question in the frame; 202, then the accounts) and funds the account from it',
      async () => {
        const bank = `${API}/bankConnection`;
        const opened = await marie.post(`${bank}/request`);
        expect(opened.status, opened.text).toBeLessThan(300);
        const { requestId } = opened.json<{ requestId: string }>();
        const frame = await marie.get(`${bank}/IframeUrl/${requestId}`, {
          headers: { 'accept-language': 'fr' },
        });
        expect(frame.status, frame.text).toBe(200);
        const { url, vendor } = frame.json<{ url: string; vendor: string }>();
        expect(vendor).toBe('flinks');
        const connect = new URL(url);
        expect(connect.origin).toBe(flinks.origin);
        expect(connect.searchParams.get('language')).toBe('fr');
        expect(connect.searchParams.get('tag')).toBe(requestId);
        // The page may frame Flinks Connect's origin.
        expect(frame.headers.get('content-security-policy')).toContain(flinks.origin);

        // She signs in to her bank inside the frame, which asks its security question.
        const login = await signInThroughConnect(flinks, url);
        expect(login.tag).toBe(requestId);
        const handedOver = await marie.post(`${bank}/request/${requestId}/login`, { json: login });
        expect(handedOver.status, handedOver.text).toBe(202);
        // Flinks answers 202 (still reading) once, then the accounts, ten seconds later.
        const status = await eventually(
          'the accounts read from Flinks',
          async () => {
            const answer = await marie.get(`${bank}/FlBAConnectionStatus/`);
            const body = answer.json<{ status: string }>();
            return body.status === 'PENDING' ? undefined : body.status;
          },
          { timeoutMs: 60_000 },
        );
        expect(status, log()).toBe('CONNECTED');
        expect(flinks.calls.map((call) => call.call)).toEqual(
          expect.arrayContaining([
            'GenerateAuthorizeToken',
            'Authorize',
            'GetAccountsDetail',
            'GetAccountsDetailAsync',
          ]),
        );
        expect(
          flinks.calls.some((call) => call.call === 'GetAccountsDetail' && call.status === 202),
        ).toBe(true);

        const detail = await marie.post(`${bank}/getAccountsDetail/${journey.applicationId}`, {
          json: { requestId, accountsFilter: [], loginId: login.loginId },
        });
        expect(detail.status, detail.text).toBe(200);
        const { accounts } = detail.json<{
          accounts: { accountId: string; holderMatches: boolean; accountNumberMasked: string }[];
        }>();
        expect(accounts).toEqual([
          expect.objectContaining({ holderMatches: true, accountNumberMasked: '•••••238' }),
        ]);
        const chosen = await marie.put(`${bank}/request`, {
          json: {
            flinksStatusType: 'COMPLETED',
            accountSelected: accounts[0]?.accountId,
            canceledByClient: false,
          },
        });
        expect(chosen.status, chosen.text).toBe(200);
        const { bankAccount } = chosen.json<{ bankAccount: { id: string } }>();
        // Once the numbers are read, the login is deleted at Flinks (DeleteCard).
        expect(flinks.deleted).toContain(login.loginId);

        // A funding request from the connected account, on the earliest date offered.
        const toAccounts = await marie.get(
          `${API}/coAcctFunding/toAccountsForCurrUser?applicationId=${journey.applicationId}`,
        );
        const [account] = toAccounts.json<{ accounts: { accountId: string }[] }>().accounts;
        const dates = await marie.get(
          `${API}/coAcctFunding/startDates?${new URLSearchParams({
            preNotificationWaived: 'false',
            institution: documentedChequing.institutionNumber,
          })}`,
        );
        const { earliest } = dates.json<{ earliest: string }>();
        const funded = await marie.post(`${API}/coAcctFunding/`, {
          json: {
            amount: 500,
            toAccountNumber: null,
            toAccountId: account?.accountId,
            fundingFrequencyTypeId: 1,
            fundingTypeId: 1,
            pacStartDate: earliest,
            flinksBankAccountId: bankAccount.id,
            agreementAccepted: true,
            preNotificationWaived: false,
          },
        });
        expect(funded.status, funded.text).toBe(201);
        const { item } = funded.json<{ item: { fromAccount: { flinksBankAccountId?: string } } }>();
        expect(JSON.stringify(item)).not.toContain(documentedChequing.accountNumber);
      },
      STEP_MS,
    );

    it(
      'is offered no credit-file questions, agrees to the comparison of her selfie, and passes photo ID through Onfido from a link texted through Twilio',
      async () => {
        const identityUrl = `${API}/applications/${journey.applicationId}/identity`;
        // No bureau is configured: the methods offered start with the photo ID.
        const view = await marie.get(identityUrl);
        expect(view.json()).toMatchObject({ methods: ['photoId', 'dualProcess', 'manual'] });
        const creditFile = await marie.post(`${identityUrl}/creditFile`);
        expect(creditFile.status).toBe(409);
        expect(creditFile.json()).toMatchObject({ errorCode: 'methodNotOffered' });
        // Without her consent to the comparison, nothing starts.
        const withoutConsent = await marie.post(`${identityUrl}/photoId`, {
          json: { phone: MOBILE },
        });
        expect(withoutConsent.status).toBe(400);
        expect(withoutConsent.json()).toMatchObject({ errorCode: 'biometricConsentRequired' });

        const started = await marie.post(`${identityUrl}/photoId`, {
          json: {
            phone: MOBILE,
            // She agreed, in French, to the comparison of her selfie with her photo ID.
            biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
          },
        });
        expect(started.status, started.text).toBe(201);
        const { handoff } = started.json<{ handoff: { link: string; shortLink: string } }>();
        // The link reaches the phone through Twilio, in French.
        const linkText = await twilioStandIn.waitForText(MOBILE_E164, (text) =>
          text.body.includes('#/verify/'),
        );
        expect(linkText.body).toContain('pour vérifier votre identité avec votre téléphone');
        expect(linkText.body).toContain(handoff.link);
        expect(linkText.from).toBe(TWILIO_FROM);
        expect(linkText.statusCallback).toBe(`${server.url}${TWILIO_STATUS_CALLBACK_PATH}`);
        expect(await mailboxMessages(MOBILE)).toEqual([]);
        expect(await mailboxMessages(MOBILE_E164)).toEqual([]);
        const link = /https?:\/\/\S+#\/verify\/([A-Za-z0-9_-]+)/.exec(linkText.body);
        expect(link?.[0].startsWith(`${server.url}/`)).toBe(true);
        const credential = link?.[1] ?? '';
        const delivered = await twilioStandIn.statusCallback(linkText, 'delivered');
        expect(delivered.status).toBe(204);
        expect(await outboxRowOf(linkText.sid)).toMatchObject({
          template: 'identityLink',
          delivery_status: 'delivered',
        });

        // The phone (nobody signed in: the link is the authority) sends a driver's licence.
        const phone = new HttpPerson(server.url);
        const capture = `${API}/identityCapture/${credential}`;
        const opened = await phone.get(capture);
        expect(opened.status, opened.text).toBe(200);
        expect(opened.json()).toMatchObject({ language: 'fr', firstName: person.firstName });
        expect(
          (await phone.put(`${capture}/document`, { json: { documentType: 'driversLicence' } }))
            .status,
        ).toBe(200);
        for (const [side, fileName] of [
          ['front', 'licence-front.png'],
          ['back', 'licence-back.png'],
          ['selfie', 'selfie.png'],
        ] as const) {
          const upload = multipart({}, { fileName, content: png(), contentType: 'image/png' });
          const sent = await phone.post(`${capture}/images/${side}`, {
            body: upload.payload,
            headers: upload.headers,
          });
          expect(sent.status, `${side}: ${sent.text}`).toBe(200);
        }
        const submitted = await phone.post(`${capture}/submit`, { json: {} });
        expect(submitted.status, submitted.text).toBe(202);

        // Onfido received an applicant, both sides (Canadian) and a live photo, and a check.
        const check = await eventually('the check at Onfido', async () =>
          [...onfidoStandIn.checks.values()].at(0),
        );
        journey.checkId = check.id;
        const applicant = onfidoStandIn.applicants.get(check.applicantId);
        expect(applicant).toMatchObject({ firstName: person.firstName, lastName: person.lastName });
        expect(applicant?.documents.map((document) => document.side)).toEqual(['front', 'back']);
        expect(applicant?.livePhotos).toHaveLength(1);
        expect(check.reportNames).toEqual(['document', 'facial_similarity_photo']);

        // Onfido completes the check (clear) and says so by its signed webhook.
        const event = onfidoStandIn.complete(check.id, 'clear', {
          type: 'driving_licence',
          number: 'G2610-180488-07',
          issuingState: 'QC',
          dateOfExpiry: '2031-04-18',
          dateOfBirth: '1988-04-18',
          firstName: person.firstName,
          lastName: person.lastName,
        });
        const deliver = (body: string, signature: string) =>
          fetch(`${server.url}${ONFIDO_WEBHOOK_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [ONFIDO_SIGNATURE_HEADER]: signature },
            body,
          });
        const forged = await deliver(event, onfidoStandIn.sign(event, 'not-the-webhook-token'));
        expect(forged.status).toBe(401);
        expect((await marie.get(identityUrl)).json()).toMatchObject({ state: 'pending' });
        const received = await deliver(event, onfidoStandIn.sign(event, ONFIDO_WEBHOOK_TOKEN));
        expect(received.status, log()).toBe(200);
        expect(await received.json()).toMatchObject({ received: true, duplicate: false });
        const again = await deliver(event, onfidoStandIn.sign(event, ONFIDO_WEBHOOK_TOKEN));
        expect(await again.json()).toMatchObject({ duplicate: true });

        const state = await eventually('identity verified through Onfido', async () => {
          const body = (await marie.get(identityUrl)).json<{ state: string }>();
          return body.state === 'verified' || body.state === 'failed' ? body.state : undefined;
        });
        expect(state).toBe('verified');

        // The FINTRAC record holds what Onfido read and its check id; the consent and the
        // methods offered are kept with the attempt; Onfido's applicant is deleted.
        const attempt = await attemptOf(check.id);
        expect(attempt).toBeDefined();
        const record = decryptedRecordOf(createFieldCipher(DATA_KEY), {
          id: attempt?.id ?? '',
          recordEncrypted: attempt?.record_encrypted ?? null,
        });
        expect(record).toMatchObject({
          method: 'photoId',
          vendor: 'onfido',
          vendorReference: check.id,
          documentType: 'driversLicence',
          documentNumber: 'G2610-180488-07',
          expiryDate: '2031-04-18',
        });
        expect(attempt?.started).toMatchObject({
          methodsOffered: ['photoId', 'dualProcess', 'manual'],
          biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
        });
        await eventually('the applicant deleted at Onfido', async () =>
          onfidoStandIn.deleted.includes(check.applicantId) ? true : undefined,
        );
        expect(onfidoStandIn.applicants.has(check.applicantId)).toBe(false);
      },
      STEP_MS,
    );

    it(
      'signs through DocuSign embedded signing: a captive French signer, the vendor completes, a signed Connect event moves it under review',
      async () => {
        const started = await marie.post(`${API}/applications/${journey.applicationId}/esign`);
        expect(started.status, started.text + log()).toBe(200);
        const { signingUrl, status } = started.json<{ signingUrl: string; status: string }>();
        expect(status).toBe('pending');
        expect(signingUrl).toMatch(
          /^https:\/\/demo\.docusign\.net\/Signing\/StartInSession\.aspx\?t=/,
        );

        // DocuSign got one envelope: the application PDF, one captive signer in Canadian French.
        const envelopes = [...docusignStandIn.envelopes.values()];
        expect(envelopes).toHaveLength(1);
        const [envelope] = envelopes;
        if (!envelope) throw new Error('no envelope');
        journey.envelopeId = envelope.envelopeId;
        expect(envelope.status).toBe('sent');
        expect(envelope.document.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(envelope.document).toMatchObject({ documentId: '1', fileExtension: 'pdf' });
        expect(envelope.emailSubject).toBe('Vos documents à signer');
        expect(envelope.signers).toHaveLength(1);
        expect(envelope.signers[0]).toMatchObject({
          email: person.email,
          name: `${person.firstName} ${person.lastName}`,
          clientUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          supportedLanguage: 'fr_CA',
        });
        expect(envelope.signers[0]?.signHereTabs).toHaveLength(1);
        // The signer's view: created now, returning to the portal's own address.
        expect(envelope.recipientViews).toHaveLength(1);
        expect(envelope.recipientViews[0]).toMatchObject({
          clientUserId: envelope.signers[0]?.clientUserId,
          email: person.email,
          authenticationMethod: 'Password',
          returnUrl: `${server.url}${esignReturnPath(journey.applicationId)}`,
          url: signingUrl,
        });

        const pending = await marie.get(`${API}/applications/${journey.applicationId}/esign`);
        expect(pending.json()).toMatchObject({ status: 'pending', identityVerified: true });

        // The test plays the signer at DocuSign, then DocuSign Connect.
        const event = docusignStandIn.complete(envelope.envelopeId);
        const connect = (signature: string) =>
          fetch(`${server.url}${DOCUSIGN_CONNECT_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-docusign-signature-1': signature },
            body: event,
          });
        const forged = await connect(connectSignature('a-key-docusign-never-had', event));
        expect(forged.status).toBe(401);
        expect(
          (await marie.get(`${API}/applications/${journey.applicationId}/esign`)).json(),
        ).toMatchObject({ status: 'pending' });

        const received = await connect(connectSignature(CONNECT_KEY, event));
        expect(received.status, log()).toBe(200);
        expect(await received.json()).toMatchObject({ received: true, duplicate: false });
        // DocuSign retries a delivery it is unsure of: the same event is acknowledged once.
        const again = await connect(connectSignature(CONNECT_KEY, event));
        expect(again.status).toBe(200);
        expect(await again.json()).toMatchObject({ duplicate: true });

        const signed = await marie.get(`${API}/applications/${journey.applicationId}/esign`);
        expect(signed.json()).toMatchObject({ status: 'signed', applicationStatus: 'underReview' });
        const application = await marie.get(`${API}/applications/${journey.applicationId}`);
        expect(application.json()).toMatchObject({ status: 'underReview' });

        // The signed copy, as DocuSign gave it, kept encrypted and downloadable by the signer.
        const copy = await marie.get(`${API}/applications/${journey.applicationId}/esign/document`);
        expect(copy.status, copy.text.slice(0, 200)).toBe(200);
        expect(copy.headers.get('content-type')).toContain('application/pdf');
        expect(copy.headers.get('content-disposition')).toMatch(/^attachment;/);
        expect(copy.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // Exactly what DocuSign's API answered. Prism's proxy passes a binary body on as UTF-8
        // text (each byte sequence that is not UTF-8 becomes U+FFFD), so what the adapter got,
        // and the portal kept, is the stand-in's PDF rewritten that way, not its bytes.
        const throughPrism = Buffer.from(envelope.document.bytes.toString('utf8'), 'utf8');
        expect(copy.bytes.equals(throughPrism)).toBe(true);
        // Not without signing in.
        const stranger = await new HttpPerson(server.url).get(
          `${API}/applications/${journey.applicationId}/esign/document`,
        );
        expect(stranger.status).toBe(401);
      },
      STEP_MS,
    );

    it("kept within the vendors' published documents: no request or answer Prism found outside the schema", () => {
      expect(twilioContract.answers.length).toBeGreaterThanOrEqual(3);
      for (const answer of twilioContract.answers) {
        expect(answer, JSON.stringify(answer)).toMatchObject({ status: 201 });
        expect(answer.violations).toBeUndefined();
      }
      // Each text Twilio accepted came through Prism.
      expect(twilioContract.answers).toHaveLength(twilioStandIn.texts.length);
      const docusignPaths = docusignContract.answers.map((answer) => answer.path);
      const account = `/v2.1/accounts/${identity.accountId}/envelopes`;
      expect(docusignPaths).toEqual(
        expect.arrayContaining([
          account,
          `${account}/${journey.envelopeId}/views/recipient`,
          `${account}/${journey.envelopeId}`,
          `${account}/${journey.envelopeId}/documents/combined`,
        ]),
      );
      for (const answer of docusignContract.answers) {
        expect(answer.status, JSON.stringify(answer)).toBeLessThan(300);
        expect(answer.violations).toBeUndefined();
      }
      // Onfido: the applicant, two sides, the live photo, the check, its reading, the deletion.
      const onfidoPaths = onfidoContract.answers.map((answer) => answer.path);
      expect(onfidoPaths).toEqual(
        expect.arrayContaining([
          '/applicants',
          '/documents',
          '/live_photos',
          '/checks',
          `/checks/${journey.checkId}`,
          '/reports',
        ]),
      );
      expect(onfidoPaths.some((each) => each.startsWith('/applicants/'))).toBe(true);
      for (const answer of onfidoContract.answers) {
        expect(answer.status, JSON.stringify(answer)).toBeLessThan(300);
        expect(answer.violations).toBeUndefined();
      }
      // Flinks' fake refuses what its reference does not describe: it refused nothing.
      expect(flinks.calls.filter((call) => call.status >= 400)).toEqual([]);
      // The JWT grant's assertions, each checked as DocuSign checks it, were all accepted.
      expect(oauth.refused).toEqual([]);
      expect(oauth.granted).toBeGreaterThanOrEqual(1);
    });
  },
);
