import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI } from 'otplib';
import { registrationSchemaFor } from '@portal/domain/rules/account';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { isCommonPassword } from './common-passwords.ts';
import { newRecoveryCodes, seedTotp } from './second-factor.service.ts';
import { hashPassword } from './security.service.ts';
import * as repo from './security.repo.ts';

/**
 * Staff accounts (issue 16): created by an operator's command (`npm run staff:create`), never
 * by registration. Staff must sign in with a second factor (ADR 0011), so the account is
 * created with its authenticator secret and recovery codes, handed over once by the command;
 * the address is the firm's own and counts as proved.
 */

export interface StaffInput {
  email: string;
  firstName: string;
  lastName: string;
  language?: 'en' | 'fr';
}

/** The registration rules: the one name rule and the password rule with the breached list. */
const staffSchema = registrationSchemaFor(isCommonPassword);

export interface StaffCreated {
  userId: string;
  email: string;
  /** Shown once: generated unless the operator gave one. */
  password: string;
  passwordGenerated: boolean;
  totpSecret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

export class StaffRefused extends Error {
  override name = 'StaffRefused';
}

const ISSUER = 'Laurentide Investing';

/** A password of 24 characters from a 64-symbol alphabet (144 bits), never on any list. */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function createStaffAccount(
  deps: { db: Database; cipher: FieldCipher },
  input: StaffInput,
  password?: string,
): Promise<StaffCreated> {
  const chosen = password ?? generatedPassword();
  const parsed = staffSchema.safeParse({ ...input, password: chosen });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new StaffRefused(`not valid (${problems.join('; ')})`);
  }
  const { email } = parsed.data;
  const passwordHash = await hashPassword(chosen);
  return deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email,
      passwordHash,
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      language: parsed.data.language,
      role: 'staff',
      emailVerifiedAt: new Date(),
    });
    if (!user) throw new StaffRefused(`an account already uses ${email}`);
    const totpSecret = generateSecret();
    await seedTotp({ db: tx, cipher: deps.cipher }, user.id, totpSecret);
    const recoveryCodes = await newRecoveryCodes({ db: tx, cipher: deps.cipher }, user.id);
    return {
      userId: user.id,
      email,
      password: chosen,
      passwordGenerated: password === undefined,
      totpSecret,
      otpauthUri: generateURI({ issuer: ISSUER, label: email, secret: totpSecret }),
      recoveryCodes,
    };
  });
}
