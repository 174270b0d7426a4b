import type { SavedSteps } from '@portal/domain';
import { phoneTypes } from '@portal/domain/enums/person';
import { provinceCodeOf } from '@portal/domain/rules/other-interests-step';
import { isValidPhoneNumber, normalizePhoneNumber } from '@portal/domain/rules/phone';
import type { Database } from '../../db/client.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { findUserById } from '../security/security.repo.ts';

/**
 * Who is verifying, as the hand-off needs them: names and language from their account and the
 * application's profile, the mobile number and province from the profile.
 */

/** The person verifying: their account, and what the application says about them. */
export interface Person {
  firstName: string;
  lastName: string;
  language: MessageLanguage;
  mobilePhone?: string;
  provinceCode?: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The mobile number saved in the person's profile (spec section 3: phone type Mobile). */
export function mobilePhoneOf(profile: Record<string, unknown>): string | undefined {
  const phones = Array.isArray(profile.phones) ? profile.phones : [];
  for (const phone of phones.map(record)) {
    if (phone.type !== phoneTypes.Mobile || typeof phone.number !== 'string') continue;
    const number = normalizePhoneNumber(phone.number);
    if (isValidPhoneNumber(number)) return number;
  }
  return undefined;
}

export async function personOf(
  db: Database,
  userId: string,
  role: string,
  steps: SavedSteps,
): Promise<Person> {
  const user = await findUserById(db, userId);
  const profile = record(
    (steps as Record<string, unknown>)[role === 'joint' ? 'profilejoint' : 'profile'],
  );
  const provinceCode = provinceCodeOf(record(profile.homeAddress).provinceId);
  const mobilePhone = mobilePhoneOf(profile);
  return {
    firstName: text(profile.firstName) ?? user?.firstName ?? '',
    lastName: text(profile.lastName) ?? user?.lastName ?? '',
    language: user?.language === 'fr' ? 'fr' : 'en',
    ...(mobilePhone && { mobilePhone }),
    ...(provinceCode && { provinceCode }),
  };
}
