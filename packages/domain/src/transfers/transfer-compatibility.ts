import { accountTypes, type AccountTypeId } from '../enums/account-types.ts';

/**
 * An account type by its name in enums/account-types.ts (`RSP`, `LIRA`...), less
 * `uninitialized`. A locked-in RRSP (LRSP) is a LIRA under federal law and a locked-in RIF
 * (LRIF) a LIF, as the account catalogue opens them (`liraLrsp`, `lifLrif`): the pension
 * jurisdiction tells them apart, and the pre-check compares it.
 */
export type TransferAccountTypeName = Exclude<keyof typeof accountTypes, 'uninitialized'>;

/**
 * Which receiving account each delivering plan may move into without being cashed out
 * (regulatory-facts.md section 3, "the account type maps one-to-one"; Income Tax Act s. 146(16)
 * and 146.3(2)(e) for RRSP and RRIF transfers; the pension acts for locked-in money):
 * - RRSP (group RRSP too) into an RRSP or a RRIF of the same annuitant; spousal plans stay
 *   spousal, so the attribution rule keeps following them;
 * - a RRIF only into a RRIF (a spousal one into a spousal one);
 * - locked-in money stays locked in: a LIRA (or LRSP) into a LIRA or a LIF, or into a PRIF in
 *   Manitoba and Saskatchewan; the federal restricted plans (RLSP, RLIF) also take federal
 *   LIRA/LRSP money; a LIF only into a LIF (or a federal RLIF); the pre-check adds "same jurisdiction";
 * - TFSA into TFSA; RESP into RESP;
 * - FHSA into FHSA, and into the holder's RRSP or RRIF: CRA allows that direct transfer
 *   without using RRSP room (Income Tax Act s. 146.6(7); canada.ca, "Transfers from your
 *   FHSA");
 * - non-registered cash and margin accounts into cash or margin; who holds them (individual,
 *   or the same joint holders) is the pre-check's holder rule, not the type's.
 * DAP accounts settle against payment at another custodian and take no transfer in.
 */
export const transferCompatibility = {
  Cash: ['Cash', 'Margin'],
  Margin: ['Margin', 'Cash'],
  DAP: ['Cash', 'Margin'],
  RSP: ['RSP', 'RIF', 'GROUP_RSP'],
  GROUP_RSP: ['RSP', 'RIF', 'GROUP_RSP'],
  SPRSP: ['SPRSP', 'SPRIF', 'GROUP_SP_RSP'],
  GROUP_SP_RSP: ['SPRSP', 'SPRIF', 'GROUP_SP_RSP'],
  RIF: ['RIF'],
  SPRIF: ['SPRIF'],
  LIRA: ['LIRA', 'LIF', 'PRIF', 'RLSP', 'RLIF'],
  RLSP: ['RLSP', 'RLIF', 'LIRA', 'LIF'],
  LIF: ['LIF', 'RLIF'],
  RLIF: ['RLIF'],
  PRIF: ['PRIF'],
  TFSA: ['TFSA'],
  FHSA: ['FHSA', 'RSP', 'RIF'],
  RESP: ['RESP'],
} as const satisfies Record<TransferAccountTypeName, readonly TransferAccountTypeName[]>;

/** Whether a receiving account of this type may take a transfer from this delivering plan. */
export function receivingAccepts(
  delivering: TransferAccountTypeName,
  receiving: TransferAccountTypeName,
): boolean {
  const accepted: readonly TransferAccountTypeName[] = transferCompatibility[delivering];
  return accepted.includes(receiving);
}

/** The receiving account types a delivering plan may go into, in the table's order. */
export function receivingTypesFor(
  delivering: TransferAccountTypeName,
): readonly TransferAccountTypeName[] {
  return transferCompatibility[delivering];
}

/**
 * Plans whose money is locked in by a pension law: the delivering plan names that law and the
 * receiving account must be under the same one (regulatory-facts.md section 3, "Locked-in
 * plans"). A PRIF takes locked-in money but is not itself locked in.
 */
export const lockedInTransferTypes = [
  'LIRA',
  'RLSP',
  'LIF',
  'RLIF',
] as const satisfies readonly TransferAccountTypeName[];

export function isLockedInTransferType(name: TransferAccountTypeName): boolean {
  return (lockedInTransferTypes as readonly TransferAccountTypeName[]).includes(name);
}

/**
 * Retirement income funds: each has an annual minimum, so a transfer of the whole fund in kind
 * must say how this year's unpaid minimum is paid (regulatory-facts.md section 3, "RIF/LIF
 * transfers").
 */
export const incomeFundTransferTypes = [
  'RIF',
  'SPRIF',
  'LIF',
  'RLIF',
  'PRIF',
] as const satisfies readonly TransferAccountTypeName[];

export function isIncomeFundTransferType(name: TransferAccountTypeName): boolean {
  return (incomeFundTransferTypes as readonly TransferAccountTypeName[]).includes(name);
}

/** The name of an account type id (3 -> `RSP`), or undefined for `uninitialized` or no id. */
export function transferAccountTypeNameOf(id: AccountTypeId): TransferAccountTypeName | undefined {
  const entry = Object.entries(accountTypes).find(([, value]) => value === id);
  if (!entry || entry[0] === 'uninitialized') return undefined;
  return entry[0] as TransferAccountTypeName;
}
