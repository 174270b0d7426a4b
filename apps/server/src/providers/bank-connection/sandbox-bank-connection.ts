import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { queueSandboxWebhook } from '../sandbox-webhooks/sandbox-webhooks.ts';
import {
  BANK_CONNECTION_WEBHOOK_PATH,
  BANK_CONNECTION_WEBHOOK_ROLE,
  connectionFailures,
  loginEventTypes,
  type LoginEventData,
  type LoginEventType,
  type VendorAccount,
  type WebhookBankConnectionProvider,
} from './bank-connection-provider.ts';

export const SANDBOX_BANK_CONNECTION_PATH = '/sandbox/bank-connection';

/**
 * How long a `pending` login takes before the bank answers (docs/sandbox.md): long enough for
 * a person to see the portal's progress, short enough for a demonstration.
 */
export const DEFAULT_SANDBOX_PENDING_MS = 20_000;

/** The sandbox's documented inputs (docs/sandbox.md, "Bank connection"). */
export const sandboxInputs = {
  /** Password: the bank refuses it, the person tries again. */
  wrongPassword: 'wrong',
  /** Password: the bank asks its security question first. */
  question: 'question',
  /** Password: the bank answers after `pendingMs`. */
  pending: 'pending',
  /** Password: the bank never answers (the portal expires it after 30 minutes). */
  stuck: 'stuck',
  /** Username: the vendor itself is unavailable. */
  vendorDown: 'down',
  /** Username: the accounts belong to someone else (holder "Alex Martin"). */
  otherHolder: 'otherholder',
  /** The answer to the security question, in any case. */
  answer: 'biscuit',
} as const;

/** Whose accounts `otherholder` signs in to. */
export const OTHER_HOLDER_NAME = 'Alex Martin';

/** The banks the frame lists: a sandbox bank of our own, then the large ones. */
export const sandboxInstitutions = [
  {
    id: 'laurentian-sandbox',
    number: '039',
    name: { en: 'Laurentian Sandbox Bank', fr: 'Banque Laurentienne du bac à sable' },
  },
  { id: 'desjardins', number: '815', name: { en: 'Desjardins', fr: 'Desjardins' } },
  { id: 'rbc', number: '003', name: { en: 'RBC Royal Bank', fr: 'RBC Banque Royale' } },
  { id: 'td', number: '004', name: { en: 'TD Canada Trust', fr: 'TD Canada Trust' } },
  {
    id: 'bmo',
    number: '001',
    name: { en: 'BMO Bank of Montreal', fr: 'BMO Banque de Montréal' },
  },
  { id: 'scotiabank', number: '002', name: { en: 'Scotiabank', fr: 'Banque Scotia' } },
  {
    id: 'national',
    number: '006',
    name: { en: 'National Bank of Canada', fr: 'Banque Nationale du Canada' },
  },
] as const;
export type SandboxInstitution = (typeof sandboxInstitutions)[number];
export type SandboxInstitutionId = SandboxInstitution['id'];

export const institutionById = (id: string): SandboxInstitution | undefined =>
  sandboxInstitutions.find((institution) => institution.id === id);

/** The outcome of a step in the frame, as the pages show it. */
export type LoginOutcome =
  | { outcome: 'connected' | 'pending'; loginId: string }
  | { outcome: 'failed'; loginId: string; failure: string }
  | { outcome: 'wrongPassword' | 'question' | 'wrongAnswer' };

export interface SignInInput {
  requestId: string;
  institution: SandboxInstitution;
  username: string;
  password: string;
  /** The name the bank holds for the person (the sandbox's customers are the portal's). */
  customerName: string;
  language: 'en' | 'fr';
}

export interface AnswerInput extends Omit<SignInInput, 'password'> {
  answer: string;
}

/** Both sides of the sandbox vendor: the API the portal calls, and what its frame does. */
export interface SandboxBankConnection extends WebhookBankConnectionProvider {
  /** The token the frame's forms carry for a request (keyed MAC: any instance checks it). */
  formToken(requestId: string): string;
  verifyFormToken(requestId: string, token: string | undefined): boolean;
  /** The token of the security question: only a password that asked it leads there. */
  questionToken(requestId: string, institutionId: string, username: string): string;
  verifyQuestionToken(
    input: { requestId: string; institutionId: string; username: string },
    token: string | undefined,
  ): boolean;
  signIn(input: SignInInput): Promise<LoginOutcome>;
  answerQuestion(input: AnswerInput): Promise<LoginOutcome>;
}

export interface SandboxBankConnectionOptions {
  db: Database;
  cipher: FieldCipher;
  /** How long `pending` takes to connect; 20 s unless given. */
  pendingMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

const FORM_PURPOSE = 'sandbox-bank-connection-form';
const QUESTION_PURPOSE = 'sandbox-bank-connection-question';
const IDS_PURPOSE = 'sandbox-bank-connection-ids';

const normalizedUsername = (username: string) => username.trim().toLowerCase();

/** The digits of a keyed hash, as many as asked for (deterministic per login). */
function digitsOf(cipher: FieldCipher, seed: string, count: number): string {
  const hex = cipher.macDigest(IDS_PURPOSE, seed).toString('hex');
  let digits = '';
  for (const c of hex) {
    digits += String(parseInt(c, 16) % 10);
    if (digits.length === count) break;
  }
  return digits;
}

/** A UUID-shaped id derived from a seed: the same login always has the same ids. */
function idOf(cipher: FieldCipher, seed: string): string {
  const hex = cipher.macDigest(IDS_PURPOSE, seed).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A bank login is one username at one bank: signing in with it again is the same login (the
 * same `loginId` and accounts), which is how "already connected" is reached on purpose.
 */
export function sandboxLoginId(
  cipher: FieldCipher,
  institution: SandboxInstitution,
  username: string,
): string {
  return idOf(cipher, `login:${institution.id}:${normalizedUsername(username)}`);
}

const accountTitles = {
  chequing: { en: 'Chequing', fr: 'Compte chèques' },
  savings: { en: 'Savings', fr: 'Compte épargne' },
} as const;

/**
 * The login's two accounts (docs/sandbox.md): Chequing CAD ending in 123 and Savings CAD ending
 * in 456, their other digits and transit derived from the login. The holder is the person
 * unless the username is `otherholder`.
 */
export function sandboxAccounts(
  cipher: FieldCipher,
  input: Pick<SignInInput, 'institution' | 'username' | 'customerName' | 'language'>,
): VendorAccount[] {
  const login = `${input.institution.id}:${normalizedUsername(input.username)}`;
  const holderName =
    normalizedUsername(input.username) === sandboxInputs.otherHolder
      ? OTHER_HOLDER_NAME
      : input.customerName;
  const transitNumber = digitsOf(cipher, `transit:${login}`, 5);
  const account = (type: 'chequing' | 'savings', last3: string): VendorAccount => ({
    accountId: idOf(cipher, `account:${type}:${login}`),
    title: accountTitles[type][input.language],
    holderName,
    institutionNumber: input.institution.number,
    institutionName: input.institution.name[input.language],
    transitNumber,
    accountNumber: `${digitsOf(cipher, `number:${type}:${login}`, 4)}${last3}`,
    currency: 'CAD',
    type,
  });
  return [account('chequing', '123'), account('savings', '456')];
}

export function createSandboxBankConnection(
  options: SandboxBankConnectionOptions,
): SandboxBankConnection {
  const { db, cipher } = options;
  const pendingMs = options.pendingMs ?? DEFAULT_SANDBOX_PENDING_MS;
  const now = options.now ?? (() => new Date());

  const webhook = (type: LoginEventType, data: LoginEventData, delayMs = 0) => ({
    role: BANK_CONNECTION_WEBHOOK_ROLE,
    path: BANK_CONNECTION_WEBHOOK_PATH,
    type,
    data: { ...data },
    delayMs,
  });

  /** The login went through: the vendor calls back now, or once the slow bank answers. */
  async function connect(
    input: Omit<SignInInput, 'password'>,
    mode: 'now' | 'pending' | 'stuck',
  ): Promise<LoginOutcome> {
    const loginId = sandboxLoginId(cipher, input.institution, input.username);
    const connected = webhook(loginEventTypes.connected, {
      requestId: input.requestId,
      loginId,
      accounts: sandboxAccounts(cipher, input),
    });
    const at = now();
    await db.transaction(async (tx) => {
      if (mode === 'now') {
        await queueSandboxWebhook(tx, cipher, connected, at);
        return;
      }
      await queueSandboxWebhook(
        tx,
        cipher,
        webhook(loginEventTypes.pending, { requestId: input.requestId, loginId }),
        at,
      );
      if (mode === 'pending') {
        await queueSandboxWebhook(tx, cipher, { ...connected, delayMs: pendingMs }, at);
      }
    });
    return { outcome: mode === 'now' ? 'connected' : 'pending', loginId };
  }

  return {
    name: 'sandbox',
    // What the frame decides reaches the portal by the sandbox's signed webhooks.
    delivery: 'webhook',

    async connectUrl({ requestId, language }) {
      const query = new URLSearchParams({ request: requestId, lang: language });
      return `${SANDBOX_BANK_CONNECTION_PATH}/connect?${query.toString()}`;
    },

    // The sandbox bank keeps every login it has seen: a known login refreshes at once.
    async authorize() {
      return { status: 'connected' };
    },

    formToken: (requestId) => cipher.mac(FORM_PURPOSE, requestId),
    verifyFormToken: (requestId, token) =>
      token !== undefined && cipher.verifyMac(FORM_PURPOSE, requestId, token),
    questionToken: (requestId, institutionId, username) =>
      cipher.mac(QUESTION_PURPOSE, `${requestId}:${institutionId}:${normalizedUsername(username)}`),
    verifyQuestionToken: ({ requestId, institutionId, username }, token) =>
      token !== undefined &&
      cipher.verifyMac(
        QUESTION_PURPOSE,
        `${requestId}:${institutionId}:${normalizedUsername(username)}`,
        token,
      ),

    async signIn(input) {
      if (normalizedUsername(input.username) === sandboxInputs.vendorDown) {
        const loginId = sandboxLoginId(cipher, input.institution, input.username);
        const failure = connectionFailures.vendorDown;
        await queueSandboxWebhook(
          db,
          cipher,
          webhook(loginEventTypes.failed, { requestId: input.requestId, loginId, failure }),
          now(),
        );
        return { outcome: 'failed', loginId, failure };
      }
      // Passwords are compared as typed: a bank's are case-sensitive.
      switch (input.password) {
        case sandboxInputs.wrongPassword:
          return { outcome: 'wrongPassword' };
        case sandboxInputs.question:
          return { outcome: 'question' };
        case sandboxInputs.pending:
          return connect(input, 'pending');
        case sandboxInputs.stuck:
          return connect(input, 'stuck');
        default:
          return connect(input, 'now');
      }
    },

    async answerQuestion(input) {
      if (input.answer.trim().toLowerCase() !== sandboxInputs.answer) {
        return { outcome: 'wrongAnswer' };
      }
      return connect(input, 'now');
    },
  };
}
