import type { IsoDate } from '../calendar/iso-date.ts';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { namedAccountTypeLabels } from '../enums/account-types.ts';
import type {
  CurrencyTypeId,
  EftFrequency,
  EftUserStatus,
  FundingStatus,
  FundingType,
} from '../enums/funding.ts';
import type { Cents } from '../money/cents.ts';

/** The bank account a funding item debits, as the spec's from-account names it. */
export interface FundingFromAccount {
  nickname: string;
  /** Masked: `•••••123`. */
  accountNumber: string;
  /** Our bank account's id. */
  accountid: string;
  documentUploadedId?: string;
  flinksBankAccountId?: string;
  /** Spelled as the spec spells it. */
  financialInstituionName: string;
  currencyTypeId: CurrencyTypeId;
}

/** The investment account a funding item credits (spec's to-account). */
export interface FundingToAccount {
  accountId: string;
  /** Assigned when the account opens; null until then. */
  accountNumber: string | null;
  accountTypeId: number;
  /** The named account type the application chose (`tfsa`, `usCash`). */
  accountTypeName: NamedAccountTypeName;
  eftEligible: boolean;
  ownershipTypeId: number;
  currencyTypeId: CurrencyTypeId;
}

/**
 * One EFT or PAC (spec section 3 "Funding item"), or one debit of an active PAC (`parentId`
 * names the PAC). `amount` is dollars for the wire; `amountCents` is the same sum, exact.
 */
export interface FundingItem {
  id: string;
  frequency: EftFrequency;
  startDate: IsoDate;
  amount: number;
  amountCents: Cents;
  fromAccount: FundingFromAccount;
  toAccount: FundingToAccount;
  fundingTypeId: FundingType;
  fundingStatusTypeId: FundingStatus;
  userStatus: EftUserStatus;
  /** ISO 8601 date and time. */
  lastModifiedDate: string;
  /** The day a PAC became active (its first debit); null until then. */
  activeDate: IsoDate | null;
  parentId: string | null;
  /** When a deleted PAC stops (10 business days after the request); null otherwise. */
  effectiveDate: IsoDate | null;
  canCancel: boolean;
  canDelete: boolean;
}

/**
 * How a to-account reads in a list: its type, then its number once assigned ("TFSA 12345678",
 * "CELI 12345678"), or the type alone before the account opens.
 */
export function toAccountLabel(
  account: Pick<FundingToAccount, 'accountTypeName' | 'accountNumber'>,
  language: 'en' | 'fr',
): string {
  const type = namedAccountTypeLabels[account.accountTypeName][language];
  return account.accountNumber ? `${type} ${account.accountNumber}` : type;
}
