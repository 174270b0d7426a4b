import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { accountTypes, incomeFundAccountTypes } from '@portal/domain/enums/account-types';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import type { ProvinceCode } from '@portal/domain/enums/provinces';
import { provinceCodeOf } from '@portal/domain/rules/other-interests-step';
import { fundingOpen } from '@portal/domain/status/application-status-machine';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { findParticipantApplication, savedStepsOf } from '../applications/applications.service.ts';
import { savedSin } from '../applications/sealed-fields.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { toAccountsFor } from '../funding/funding.service.ts';
import type { RifFundingDeps } from './rif-funding-deps.ts';
import { notFound, RifFundingError } from './rif-funding-refusal.ts';

/**
 * The application a RRIF payout setup belongs to, as the setup is judged and computed in it: its
 * income funds and cash accounts, the applicant's birth date, SIN and province, the spouse's
 * section, the pension law, and the bank's today.
 */

/** The non-registered accounts a payment may be paid into. */
const cashAccountTypes: ReadonlySet<number> = new Set([accountTypes.Cash, accountTypes.Margin]);

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The profile's spouse section, as the setup answers it for a minimum on the spouse's age. */
function spouseOf(
  cipher: FieldCipher,
  applicationId: string,
  profile: unknown,
): ApplicationContext['spouse'] {
  const spouse = record(record(profile).spouse);
  if (Object.keys(spouse).length === 0) return null;
  const birthDate = typeof spouse.birthDate === 'string' ? spouse.birthDate : '';
  return {
    birthDate: birthDate === '' ? null : birthDate,
    sin: savedSin(cipher, applicationId, 'profile', profile, ['spouse']),
  };
}

/** What the setup of an application is judged and computed in. */
export interface ApplicationContext {
  applicationId: string;
  today: IsoDate;
  ownBirthDate: IsoDate;
  ownSin: string | undefined;
  /** The profile's spouse section: birth date and SIN (decrypted), when there is a spouse. */
  spouse: { birthDate: IsoDate | null; sin: string | undefined } | null;
  province: ProvinceCode;
  pensionJurisdiction: PensionJurisdiction | undefined;
  funds: fundingRepo.ClientAccountRow[];
  cashAccounts: fundingRepo.ClientAccountRow[];
}

/**
 * The caller's agreed application as the primary applicant (anyone else's, or a joint
 * applicant's, answers 404), with its accounts, the applicant's birth date, province and SIN.
 */
export async function contextOf(
  deps: RifFundingDeps,
  userId: string,
  applicationId: string,
): Promise<ApplicationContext> {
  const { db, cipher } = deps;
  const application = await findParticipantApplication(db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) throw new RifFundingError(409, 'fundingNotOpen');
  // The funding module creates the accounts an agreed application opens the first time they are
  // asked for; the setup needs them to exist as rows.
  await toAccountsFor(
    { db, cipher, clock: deps.clock, publicUrl: deps.publicUrl, uploadQuotaBytes: 0 },
    userId,
    applicationId,
  );
  const accounts = await fundingRepo.clientAccountsOf(db, userId, [applicationId]);
  const saved = await savedStepsOf(db, applicationId);
  const profile = record(saved.profile);
  const jurisdiction = record(saved.account).pensionJurisdiction;
  return {
    applicationId,
    today: await deps.clock.today(),
    ownBirthDate: String(profile.birthDate ?? ''),
    ownSin: savedSin(cipher, applicationId, 'profile', saved.profile),
    spouse: spouseOf(cipher, applicationId, saved.profile),
    // A profile past its review always has its home province; outside Quebec every province
    // has the federal bands, so any other stands for a missing one.
    province: provinceCodeOf(record(profile.homeAddress).provinceId) ?? 'ON',
    pensionJurisdiction:
      typeof jurisdiction === 'string' ? (jurisdiction as PensionJurisdiction) : undefined,
    funds: accounts.filter((account) => incomeFundAccountTypes.has(account.accountTypeId)),
    cashAccounts: accounts.filter((account) => cashAccountTypes.has(account.accountTypeId)),
  };
}
