import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKey } from 'openpgp';
import ssh2 from 'ssh2';
import {
  startTestSftpServer,
  type TestSftpServer,
} from '../../providers/bank/transport/sftp-test-server.ts';
import { startCanadaPostFake, type CanadaPostFake } from './canada-post-fake.ts';
import {
  docusignTestIdentity,
  startDocusignOauth,
  type DocusignOauthStandIn,
} from './docusign-oauth.ts';
import { startDocusignStandIn, type DocusignStandIn } from './docusign-stand-in.ts';
import { startFlinksFake, type FlinksFake } from './flinks-fake.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { startOnfidoStandIn, type OnfidoStandIn } from './onfido-stand-in.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in.ts';

/**
 * Every vendor role's contract fake on loopback, as a production server is configured against
 * them (issue 35): SMTP (a mail sink), Twilio, DocuSign (and its OAuth server over TLS), Canada
 * Post AddressComplete, Onfido, Flinks, and the bank over SFTP (with OpenPGP); no credit bureau.
 * Shared by production-start.test.ts, the two-instance deployment (`npm run deploy:local
 * -- --production`) and its test, so the three configure production the same way.
 */
export interface ProductionVendors {
  /** The vendor settings of a production server: add NODE_ENV, the database and the keys. */
  env: Record<string, string>;
  mail: MailSink;
  twilio: TwilioStandIn;
  docusign: DocusignStandIn;
  oauth: DocusignOauthStandIn;
  canadaPost: CanadaPostFake;
  onfido: OnfidoStandIn;
  flinks: FlinksFake;
  sftp: TestSftpServer;
  /** Closes every fake, even if one of them fails to close. */
  close(): Promise<void>;
}

const SFTP_USER = 'laurentide';
const MAIL_FROM = 'Placements Laurentide <no-reply@laurentide.example>';

/** Starts the fakes; keys are written into `folder` as a platform mounts them (NAME_FILE). */
export async function startProductionVendors(folder: string): Promise<ProductionVendors> {
  const twilioAccountSid = `AC${randomBytes(16).toString('hex')}`;
  const twilioAuthToken = randomBytes(16).toString('hex');
  const onfidoApiToken = `api_live.${randomBytes(12).toString('hex')}`;
  const identity = docusignTestIdentity();
  const sftpKeys = ssh2.utils.generateKeyPairSync('ecdsa', { bits: 256 });
  const [bankPgp, ourPgp] = await Promise.all([
    generateKey({ userIDs: [{ name: 'Bank EFT', email: 'eft@bank.example' }] }),
    generateKey({ userIDs: [{ name: 'Laurentide', email: 'eft@laurentide.example' }] }),
  ]);
  const keyFile = (name: string, content: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, `${content}\n`, { mode: 0o600 });
    return file;
  };
  const started = await Promise.allSettled([
    startMailSink(),
    startTwilioStandIn({ accountSid: twilioAccountSid, authToken: twilioAuthToken }),
    startDocusignStandIn({ accountId: identity.accountId }),
    startCanadaPostFake(),
    startOnfidoStandIn({ apiToken: onfidoApiToken }),
    startFlinksFake(),
    startTestSftpServer({
      user: { username: SFTP_USER, publicKey: sftpKeys.public },
      folders: ['to-bank', 'from-bank'],
    }),
  ]);
  const closers = started.flatMap((each) =>
    each.status === 'fulfilled' ? [() => each.value.close()] : [],
  );
  const closeAll = async () => {
    await Promise.allSettled(closers.map((close) => close()));
  };
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await closeAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  const [mail, twilio, docusign, canadaPost, onfido, flinks, sftp] = started.map(
    (each) => (each as PromiseFulfilledResult<unknown>).value,
  ) as [
    MailSink,
    TwilioStandIn,
    DocusignStandIn,
    CanadaPostFake,
    OnfidoStandIn,
    FlinksFake,
    TestSftpServer,
  ];
  let oauth: DocusignOauthStandIn;
  try {
    oauth = await startDocusignOauth(identity, () => docusign.url);
  } catch (error) {
    await closeAll();
    throw error;
  }
  closers.push(() => oauth.close());

  const env: Record<string, string> = {
    // Mail: an SMTP relay.
    SMTP_URL: mail.url,
    MAIL_FROM,
    // SMS: Twilio.
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: twilioAccountSid,
    TWILIO_AUTH_TOKEN: twilioAuthToken,
    TWILIO_FROM: '+14385550100',
    TWILIO_API_URL: twilio.url,
    // E-signature: DocuSign, its OAuth server over TLS with the stand-in's certificate.
    ESIGN_PROVIDER: 'docusign',
    DOCUSIGN_INTEGRATION_KEY: identity.integrationKey,
    DOCUSIGN_USER_ID: identity.userId,
    DOCUSIGN_PRIVATE_KEY_FILE: keyFile('docusign.pem', identity.privateKey),
    DOCUSIGN_AUTH_SERVER: oauth.host,
    DOCUSIGN_CONNECT_HMAC_KEYS: randomBytes(32).toString('base64'),
    NODE_EXTRA_CA_CERTS: oauth.certificateFile,
    // Address look-up: Canada Post AddressComplete.
    ADDRESS_LOOKUP_PROVIDER: 'canadapost',
    CANADA_POST_ADDRESSCOMPLETE_KEY: canadaPost.key,
    CANADA_POST_ADDRESSCOMPLETE_URL: canadaPost.url,
    // Photo ID and selfie: Onfido.
    IDENTITY_DOCUMENT_PROVIDER: 'onfido',
    ONFIDO_API_TOKEN: onfidoApiToken,
    ONFIDO_WEBHOOK_TOKEN: randomBytes(24).toString('hex'),
    ONFIDO_API_URL: onfido.url,
    // Bank connection: Flinks.
    BANK_CONNECTION_PROVIDER: 'flinks',
    FLINKS_CUSTOMER_ID: flinks.customerId,
    FLINKS_API_URL: flinks.apiUrl,
    FLINKS_CONNECT_URL: flinks.connectUrl,
    FLINKS_API_KEY: flinks.apiKey,
    FLINKS_SECRET_KEY: flinks.secretKey,
    // No credit bureau: the identity step offers the other methods.
    CREDIT_BUREAU_PROVIDER: 'none',
    // The bank: CPA 005 files over SFTP, encrypted to the bank's OpenPGP key.
    BANK_PROVIDER: 'cpa005',
    PAYMENT_FILES_ORIGINATOR_ID: '0123456789',
    PAYMENT_FILES_ORIGINATOR_SHORT_NAME: 'Laurentide',
    PAYMENT_FILES_ORIGINATOR_LONG_NAME: 'Placements Laurentide',
    PAYMENT_FILES_RETURN_INSTITUTION: '006',
    PAYMENT_FILES_RETURN_TRANSIT: '10001',
    PAYMENT_FILES_RETURN_ACCOUNT: '1234567',
    PAYMENT_FILES_DATA_CENTRE: '00610',
    PAYMENT_FILES_TRANSPORT: 'sftp',
    PAYMENT_FILES_SFTP_HOST: '127.0.0.1',
    PAYMENT_FILES_SFTP_PORT: String(sftp.port),
    PAYMENT_FILES_SFTP_USERNAME: SFTP_USER,
    PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE: keyFile('sftp-key', sftpKeys.private),
    PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: sftp.hostKeyFingerprint,
    PAYMENT_FILES_SFTP_OUTGOING_DIR: '/to-bank',
    PAYMENT_FILES_SFTP_INCOMING_DIR: '/from-bank',
    PAYMENT_FILES_PGP_BANK_PUBLIC_KEY_FILE: keyFile('bank.asc', bankPgp.publicKey),
    PAYMENT_FILES_PGP_PRIVATE_KEY_FILE: keyFile('ours.asc', ourPgp.privateKey),
  };
  return {
    env,
    mail,
    twilio,
    docusign,
    oauth,
    canadaPost,
    onfido,
    flinks,
    sftp,
    close: closeAll,
  };
}
