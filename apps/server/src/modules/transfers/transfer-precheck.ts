import type { AccountTypeId } from '@portal/domain/enums/account-types';
import { namedAccountTypes, type NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import { lockedInPlanFor } from '@portal/domain/rules/account-catalogue';
import { transferAccountTypeNameOf } from '@portal/domain/transfers/transfer-compatibility';
import { describeTransferProblem } from '@portal/domain/transfers/transfer-messages';
import {
  precheckTransfer,
  type ProfileHolder,
  type TransferProblem,
} from '@portal/domain/transfers/transfer-precheck';
import type {
  TransferAccountModel,
  TransferPrecheckRefusal,
} from '@portal/domain/transfers/transfer-request';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal, type RefusalLanguage } from '../../lib/refusals/refusal.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { savedSin } from '../applications/sealed-fields.ts';
import type * as repo from './transfers.repo.ts';

/**
 * The pre-check of a transfer (issue 15; ADR 0021): the domain's rules run against the
 * application's profile (the holders, SINs decrypted) and the receiving account before anything
 * is saved; problems are answered 422 with both sides of each difference.
 */

/**
 * The pre-check found problems (422, nothing saved): each problem is answered with its
 * message and both sides of a difference, in the answer's language.
 */
export class TransferPrecheckError extends Refusal {
  override name = 'TransferPrecheckError';
  constructor(readonly problems: TransferProblem[]) {
    super(422, 'transferPrecheckFailed');
  }

  override detailsIn(language: RefusalLanguage): Pick<TransferPrecheckRefusal, 'problems'> {
    return {
      problems: this.problems.map((problem) => {
        const { message, details } = describeTransferProblem(problem, language);
        return { ...problem, message: [message, ...details].join(' ') };
      }),
    };
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The pension law of a locked-in account, from the application's account details. */
export function jurisdictionOf(
  account: Pick<repo.ClientAccountRow, 'accountTypeName'>,
  steps: Record<string, unknown>,
): PensionJurisdiction | null {
  const name = account.accountTypeName as NamedAccountTypeName;
  if (!(name in namedAccountTypes) || !lockedInPlanFor(name)) return null;
  const chosen = text(record(steps.account).pensionJurisdiction);
  return chosen === '' ? null : (chosen as PensionJurisdiction);
}

const isJoint = (account: Pick<repo.ClientAccountRow, 'ownershipTypeId'>) =>
  account.ownershipTypeId === onboardingAccountTypes.Joint;

/** A profile step's holder: names, SIN (decrypted), birth date and home address. */
function profileHolderOf(
  cipher: FieldCipher,
  applicationId: string,
  step: 'profile' | 'profilejoint',
  saved: unknown,
): ProfileHolder | undefined {
  const profile = record(saved);
  if (Object.keys(profile).length === 0) return undefined;
  const home = record(profile.homeAddress);
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    sin: savedSin(cipher, applicationId, step, saved) ?? '',
    birthDate: text(profile.birthDate),
    address: {
      suite: text(home.suite) || null,
      streetNumber: text(home.streetNumber),
      streetName: text(home.streetName),
      city: text(home.city),
      provinceId: typeof home.provinceId === 'number' ? home.provinceId : 0,
      postalCode: text(home.postalCode),
      countryId: typeof home.countryId === 'number' ? home.countryId : null,
    },
  };
}

/** The receiving account's holders: the applicant, and the joint applicant for a joint one. */
function holdersOf(
  cipher: FieldCipher,
  applicationId: string,
  steps: Record<string, unknown>,
  account: Pick<repo.ClientAccountRow, 'ownershipTypeId'>,
): ProfileHolder[] {
  const primary = profileHolderOf(cipher, applicationId, 'profile', steps.profile);
  const joint = isJoint(account)
    ? profileHolderOf(cipher, applicationId, 'profilejoint', steps.profilejoint)
    : undefined;
  return [primary, joint].filter((holder): holder is ProfileHolder => holder !== undefined);
}

/**
 * The statement with each SIN left blank taken as the profile's holder's at the same place: the
 * form prefills the holders from the profile, and shows the SIN only masked (the plain number
 * never reaches the browser, ADR 0008), so a blank says "the one on file".
 */
function withSinsOnFile(
  statement: TransferAccountModel['statement'],
  profile: readonly ProfileHolder[],
): TransferAccountModel['statement'] {
  const holders = statement.holders.map((holder, index) => {
    const onFile = profile[index]?.sin ?? '';
    return holder.sin.trim() === '' && onFile !== '' ? { ...holder, sin: onFile } : holder;
  });
  return { ...statement, holders };
}

/**
 * Runs the pre-check of a transfer to `account` against the application's saved profile: 422
 * (TransferPrecheckError) with its problems, else the statement to keep, each blank SIN taken
 * from the profile.
 */
export async function precheckedStatement(
  db: Database,
  cipher: FieldCipher,
  applicationId: string,
  account: repo.ClientAccountRow,
  model: TransferAccountModel,
): Promise<TransferAccountModel['statement']> {
  const steps = await savedStepsOf(db, applicationId);
  const profileHolders = holdersOf(cipher, applicationId, steps, account);
  const statement = withSinsOnFile(model.statement, profileHolders);
  const receivingType = transferAccountTypeNameOf(account.accountTypeId as AccountTypeId);
  if (!receivingType) {
    throw new TransferPrecheckError([
      { field: 'toAccountId', code: 'planNotAccepted', values: { delivering: model.accountType } },
    ]);
  }
  const result = precheckTransfer({
    deliveringInstitutionId: model.fromInstitutionId,
    deliveringAccountNumber: model.accountNumber,
    deliveringAccountType: model.accountType,
    deliveringJurisdiction: model.deliveringJurisdiction,
    transferType: model.transferType,
    unpaidMinimum: model.unpaidMinimum,
    statement,
    receiving: {
      accountType: receivingType,
      jurisdiction: jurisdictionOf(account, steps),
      holders: profileHolders,
    },
    resp: model.resp,
    lines: model.lines,
  });
  if (!result.ok) throw new TransferPrecheckError(result.problems);
  return statement;
}
