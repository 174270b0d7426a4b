import { randomBytes } from 'node:crypto';
import { EXPRESS_INVITATION_TTL_SECONDS } from '@portal/domain/express/express-api';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import * as repo from './advisor.repo.ts';
import { addInvestor, tokenHashOf } from './advisor.service.ts';

/**
 * The demo advisor's book (issue 17), so the advisor search shows something in the demo:
 * investors with accented names in both languages, one with an invitation already sent. The
 * invitation's token is drawn at random and forgotten: no one can open it, and a real
 * invitation (sent from the screen, mailed to the sandbox mailbox) replaces it.
 */
export const demoInvestors = [
  {
    title: 2,
    firstName: 'Élise',
    lastName: "O'Brien-Côté",
    email: 'elise.obrien-cote@demo.laurentide.ca',
    language: 'fr',
    birthDate: '1979-06-14',
    postalCode: 'H3B 1K9',
    mobilePhone: '(514) 555-0188',
    address: {
      streetNumber: '1200',
      streetName: 'rue Sainte-Catherine Ouest',
      city: 'Montréal',
      provinceId: 11,
      postalCode: 'H3B 1K9',
      countryId: 1 as const,
    },
  },
  {
    title: 1,
    firstName: 'Louis-Philippe',
    lastName: 'Lévesque',
    email: 'lp.levesque@demo.laurentide.ca',
    language: 'fr',
    birthDate: '1968-02-03',
  },
  {
    title: 2,
    firstName: 'Hannah',
    lastName: 'Fitzgerald',
    email: 'hannah.fitzgerald@demo.laurentide.ca',
    language: 'en',
    postalCode: 'K1S 8H4',
    mobilePhone: '(613) 555-0142',
  },
  {
    firstName: 'Zoé',
    lastName: 'Beaulieu-Nguyen',
    email: 'zoe.beaulieu-nguyen@demo.laurentide.ca',
    language: 'fr',
    birthDate: '1991-09-22',
    postalCode: 'G1R 4P5',
  },
] as const;

export async function seedAdvisorDemoBook(
  db: Database,
  cipher: FieldCipher,
  advisorId: string,
): Promise<void> {
  const deps = { db, cipher };
  for (const input of demoInvestors) {
    const investor = await addInvestor(deps, advisorId, { ...input, email: input.email });
    if (input.lastName !== "O'Brien-Côté") continue;
    const now = new Date();
    await repo.insertInvitation(db, {
      investorId: investor.id,
      advisorId,
      tokenHash: tokenHashOf(cipher, randomBytes(32).toString('base64url')),
      accountTypes: ['tfsa', 'cash'],
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPRESS_INVITATION_TTL_SECONDS * 1000),
    });
  }
}
