import { readFile, writeFile } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { generateSync } from 'otplib';
import { FileLock } from './file-lock.ts';
import { mailTo, tokenOf, type MailboxMessage } from './seed.ts';

/**
 * What the account-security journeys share: the 6-digit codes the sandbox mailbox holds, the
 * verification a person makes with one, and the codes an authenticator app would show.
 */

const SIX_DIGITS = /\b(\d{6})\b/;

/** The newest mail to `to` carrying a 6-digit code (the verification mail), newer than `after`. */
export async function emailCodeFor(
  request: APIRequestContext,
  to: string,
  after?: MailboxMessage,
): Promise<string> {
  const message = await mailTo(
    request,
    to,
    (candidate) => SIX_DIGITS.test(candidate.text) && candidate.id !== after?.id,
  );
  return SIX_DIGITS.exec(message.text)?.[1] as string;
}

/**
 * Proves the address of the signed-in person of `request` the way a person would: the code
 * from the mail, sent to the account API with their bearer token.
 */
export async function verifyEmailThroughApi(
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const code = await emailCodeFor(request, email);
  const response = await request.put('/service/jaxrs/account/email-verification', {
    headers: { authorization: `Bearer ${await tokenOf(request)}` },
    data: { code },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const TOTP_PERIOD_MS = 30_000;

/**
 * The code an authenticator app shows for `secret` (as the settings page prints it, grouped by
 * four), `steps` periods of 30 seconds from now: a code proved once is refused again, so the
 * sign-in after setting up uses the next period's code (the server accepts one step either side).
 */
export function appCode(secret: string, steps = 0): string {
  return codeOfPeriodAt(secret, Date.now() + steps * TOTP_PERIOD_MS);
}

/** The code of the 30-second period holding the instant `ms` (milliseconds since the epoch). */
function codeOfPeriodAt(secret: string, ms: number): string {
  return generateSync({
    secret: secret.replace(/\s/g, '').toUpperCase(),
    epoch: Math.floor(ms / 1000),
  });
}

/**
 * Signs a person with an authenticator app in through `/security/login` (no browser page
 * needed) and answers the status. The server accepts a code one step either side of now, and
 * each step once and never an earlier one (it keeps the last step used). Parallel journeys share
 * the demo staff and advisor, and a code sprayed at the server counts as a failed sign-in: enough
 * of them lock the account, and every journey of that person then fails. So the workers take
 * turns per person (a FileLock) and keep the last step used beside the lock: each sign-in uses
 * the first step the server will still take, waiting for its period only when the three valid
 * now are spent.
 */
export async function signInWithAppCode(
  request: APIRequestContext,
  person: { email: string; password: string; secret: string },
  base = '',
): Promise<number> {
  const lock = new FileLock(`totp-${person.email.replace(/[^a-z0-9]/gi, '-')}`);
  await lock.acquire();
  try {
    const note = lock.notePath();
    const lastUsed = Number((await readFile(note, 'utf8').catch(() => '')) || -Infinity);
    let status = 0;
    for (let attempt = 0, step = lastUsed + 1; attempt < 3; attempt += 1, step += 1) {
      const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
      step = Math.max(step, now - 1);
      // Two steps ahead is not valid yet: wait for the period that makes it the next one.
      if (step > now + 1) {
        await new Promise((resolve) =>
          setTimeout(resolve, (step - 1) * TOTP_PERIOD_MS - Date.now() + 250),
        );
      }
      const response = await request.post(`${base}/security/login`, {
        form: {
          username: person.email,
          password: person.password,
          otp: codeOfPeriodAt(person.secret, step * TOTP_PERIOD_MS),
        },
      });
      status = response.status();
      // Spent either way: a refused step was used by someone else (a browser journey).
      await writeFile(note, String(step));
      if (status === 204) return status;
    }
    return status;
  } finally {
    await lock.release();
  }
}

let mobiles = 0;

/**
 * A mobile number of this run alone (ten digits, area code 613, an exchange starting with 5),
 * so a journey reads its own text messages from the sandbox mailbox.
 */
export function newMobileNumber(): string {
  mobiles += 1;
  const seed = (Date.now() + process.pid * 7_919 + mobiles * 104_729) % 1_000_000;
  return `6135${String(seed).padStart(6, '0')}`;
}

/**
 * The 6-digit code of the newest text message to a mobile number (its ten digits, which the
 * portal texts as +1 and the ten digits), other than the `spent` one already used.
 */
export async function textedCodeFor(
  request: APIRequestContext,
  phone: string,
  spent?: string,
): Promise<string> {
  const codeOf = (message: MailboxMessage) => SIX_DIGITS.exec(message.text)?.[1];
  const message = await mailTo(request, `+1${phone}`, (candidate) => {
    const code = codeOf(candidate);
    return code !== undefined && code !== spent;
  });
  return codeOf(message) as string;
}
