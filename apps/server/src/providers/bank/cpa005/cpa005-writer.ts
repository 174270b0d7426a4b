import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { Cents } from '@portal/domain/money/cents';
import { isOutgoingTransactionCode } from './cpa005-codes.ts';
import {
  accountField,
  alphanumeric,
  amountField,
  blanks,
  Cpa005FieldError,
  defaultCharset,
  institutionalIdField,
  isCrossReference,
  julianDate,
  LOGICAL_RECORD_LENGTH,
  nameField,
  numeric,
  SEGMENT_LENGTH,
  SEGMENTS_PER_RECORD,
  zeros,
  type Cpa005Charset,
} from './cpa005-fields.ts';

/**
 * A Standard 005 file as the brokerage sends it to its bank (ADR 0037): record A (header),
 * records C (credits: RRIF payouts) and D (debits: contributions) of up to six segments, and
 * record Z (trailer). One function per record type; `writeCpa005File` puts them together.
 * Positions in comments are 1-based, as the standard writes them.
 */

export type Cpa005Direction = 'credit' | 'debit';
export type Cpa005Currency = 'CAD' | 'USD';

export interface Cpa005Originator {
  /** The bank's client number for the brokerage (A-03, C/D-03 and -14): 10 AN. */
  id: string;
  /** On the payor's or payee's statement (C/D-11): 15 AN. */
  shortName: string;
  /** C/D-13: 30 AN. */
  longName: string;
  /** The brokerage's own account that returned items come back to (C/D-16 and -17). */
  returnInstitution: string;
  returnTransit: string;
  returnAccount: string;
}

export interface Cpa005Header {
  originator: Cpa005Originator;
  /** 1-9999, unique within the bank's duplicate window (`nextFileCreationNumber`). */
  fileCreationNumber: number;
  creationDate: IsoDate;
  /** The bank's processing centre: 5 digits, from the bank. */
  destinationDataCentre: string;
  /** One currency per file. */
  currency: Cpa005Currency;
}

export interface Cpa005Item {
  direction: Cpa005Direction;
  /** Standard 007 (`cpa005-codes.ts`). */
  transactionCode: number;
  amountCents: Cents;
  /** Due date of a debit, date funds are available for a credit (C/D-06). */
  dueDate: IsoDate;
  currency: Cpa005Currency;
  /** The payee's account for a credit, the payor's for a debit. */
  institution: string;
  transit: string;
  account: string;
  name: string;
  /** Comes back with a return (C/D-15): `crossReferenceOf`. */
  crossReference: string;
  /** Originator's sundry information (C/D-18), 15 AN; blank when absent. */
  sundry?: string;
}

export interface Cpa005WriteOptions {
  /** Punctuation the bank accepts in names (default: the hyphen only). */
  charset?: Cpa005Charset;
  /**
   * Whether the last record (Z) ends with CR LF too. UNCONFIRMED: Infor's guide ends every
   * record with a line break; @cityssm/eft-generator and moov-io/cadeft's sample file leave the
   * last one bare. Default true; set false for a bank that wants no final line break.
   */
  terminateLastRecord?: boolean;
}

/** Records are separated by carriage return and line feed, as every source writes them. */
export const RECORD_SEPARATOR = '\r\n';

const recordTypeOf: Readonly<Record<Cpa005Direction, 'C' | 'D'>> = { credit: 'C', debit: 'D' };

function checkedLength(record: string): string {
  // A guard on this module, not on input: every field above has its fixed width.
  if (record.length !== LOGICAL_RECORD_LENGTH) {
    throw new Error(`CPA 005 record of ${record.length} characters, not ${LOGICAL_RECORD_LENGTH}`);
  }
  return record;
}

function fileCreationNumberField(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 9999) {
    throw new Cpa005FieldError('fileCreationNumber', 'a number from 1 to 9999 (never 0000)');
  }
  return numeric('fileCreationNumber', value, 4);
}

/** Positions 11-24 of every record: the originator's id (10 AN) and the file creation number. */
export function originationControlData(header: Cpa005Header): string {
  return (
    alphanumeric('originatorId', header.originator.id, 10) +
    fileCreationNumberField(header.fileCreationNumber)
  );
}

/** Record A: the file's identity, once, first. */
export function headerRecord(header: Cpa005Header): string {
  if (header.currency !== 'CAD' && header.currency !== 'USD') {
    throw new Cpa005FieldError('currency', 'CAD or USD');
  }
  return checkedLength(
    'A' + // 1: logical record type id
      numeric('logicalRecordCount', 1, 9) + // 2-10: always 000000001
      originationControlData(header) + // 11-20 originator's id, 21-24 file creation no.
      julianDate('creationDate', header.creationDate) + // 25-30
      numeric('destinationDataCentre', header.destinationDataCentre, 5) + // 31-35
      blanks(20) + // 36-55: reserved customer-direct clearer communication area
      header.currency + // 56-58
      blanks(1406), // 59-1464: filler
  );
}

/** One 240-character segment of a C or D record: one payment. */
export function transactionSegment(
  item: Cpa005Item,
  originator: Cpa005Originator,
  charset: Cpa005Charset = defaultCharset,
): string {
  if (!isOutgoingTransactionCode(item.transactionCode)) {
    throw new Cpa005FieldError('transactionCode', 'a Standard 007 code from 000 to 899');
  }
  if (!isCrossReference(item.crossReference)) {
    throw new Cpa005FieldError('crossReference', '1 to 19 of A-Z and 0-9');
  }
  const segment =
    numeric('transactionCode', item.transactionCode, 3) + // 1-3 (record 25-27)
    amountField('amountCents', item.amountCents) + // 4-13 (28-37)
    julianDate('dueDate', item.dueDate) + // 14-19 (38-43)
    institutionalIdField('institutionalId', item.institution, item.transit) + // 20-28 (44-52)
    accountField('account', item.account) + // 29-40 (53-64)
    zeros(22) + // 41-62 (65-86): item trace no., assigned by the bank
    zeros(3) + // 63-65 (87-89): stored transaction type, used on returns
    nameField('originatorShortName', originator.shortName, 15, charset) + // 66-80 (90-104)
    nameField('name', item.name, 30, charset) + // 81-110 (105-134): payee or payor
    nameField('originatorLongName', originator.longName, 30, charset) + // 111-140 (135-164)
    alphanumeric('originatorId', originator.id, 10) + // 141-150 (165-174): as in A-03
    alphanumeric('crossReference', item.crossReference, 19) + // 151-169 (175-193)
    institutionalIdField(
      'returnInstitutionalId',
      originator.returnInstitution,
      originator.returnTransit,
    ) + // 170-178 (194-202)
    accountField('returnAccount', originator.returnAccount) + // 179-190 (203-214)
    alphanumeric('sundry', item.sundry ?? '', 15, charset) + // 191-205 (215-229)
    blanks(22) + // 206-227 (230-251): filler
    blanks(2) + // 228-229 (252-253): originator-direct clearer settlement code
    zeros(11); // 230-240 (254-264): invalid data element id, set by the bank on a reject
  if (segment.length !== SEGMENT_LENGTH) {
    throw new Error(`CPA 005 segment of ${segment.length} characters, not ${SEGMENT_LENGTH}`);
  }
  return segment;
}

/** A C or D record: control data and one to six segments, unused segments blank. */
export function transactionRecord(
  direction: Cpa005Direction,
  logicalRecordCount: number,
  header: Cpa005Header,
  segments: readonly string[],
): string {
  if (segments.length < 1 || segments.length > SEGMENTS_PER_RECORD) {
    throw new Cpa005FieldError('segments', `1 to ${SEGMENTS_PER_RECORD} segments a record`);
  }
  return checkedLength(
    recordTypeOf[direction] + // 1
      numeric('logicalRecordCount', logicalRecordCount, 9) + // 2-10
      originationControlData(header) + // 11-24
      segments.join('') + // 25-264, 265-504, ... 1225-1464
      blanks((SEGMENTS_PER_RECORD - segments.length) * SEGMENT_LENGTH),
  );
}

/** What record Z sums: every segment (payment), not every record. */
export interface Cpa005Totals {
  debitCount: number;
  debitValueCents: Cents;
  creditCount: number;
  creditValueCents: Cents;
}

/** Record Z: the counts and totals the bank checks the file against; error corrections zero. */
export function trailerRecord(
  logicalRecordCount: number,
  header: Cpa005Header,
  totals: Cpa005Totals,
): string {
  return checkedLength(
    'Z' + // 1
      numeric('logicalRecordCount', logicalRecordCount, 9) + // 2-10: every record, A and Z too
      originationControlData(header) + // 11-24
      numeric('totalDebitValue', totals.debitValueCents, 14) + // 25-38: "D" and "J"
      numeric('totalDebitCount', totals.debitCount, 8) + // 39-46
      numeric('totalCreditValue', totals.creditValueCents, 14) + // 47-60: "C" and "I"
      numeric('totalCreditCount', totals.creditCount, 8) + // 61-68
      zeros(14) + // 69-82: total value of error corrections "E"
      zeros(8) + // 83-90: total number of error corrections "E"
      zeros(14) + // 91-104: total value of error corrections "F"
      zeros(8) + // 105-112: total number of error corrections "F"
      blanks(1352), // 113-1464: filler
  );
}

/** The originator's fields, checked once so a wrong setting is not blamed on an item. */
function checkOriginator(originator: Cpa005Originator, charset: Cpa005Charset): void {
  nameField('originatorShortName', originator.shortName, 15, charset);
  nameField('originatorLongName', originator.longName, 30, charset);
  institutionalIdField(
    'returnInstitutionalId',
    originator.returnInstitution,
    originator.returnTransit,
  );
  accountField('returnAccount', originator.returnAccount);
}

function checkItems(header: Cpa005Header, items: readonly Cpa005Item[]): void {
  if (items.length === 0) throw new Cpa005FieldError('items', 'at least one item');
  const references = new Set<string>();
  items.forEach((item, index) => {
    const at = (field: string) => `items[${index}].${field}`;
    if (item.currency !== header.currency) {
      throw new Cpa005FieldError(at('currency'), `the file's currency, ${header.currency}`);
    }
    // A zero item moves nothing and some banks refuse it (@cityssm/eft-generator refuses it
    // too): the cut-off leaves it out rather than send it.
    if (item.amountCents === 0) throw new Cpa005FieldError(at('amountCents'), 'more than zero');
    if (references.has(item.crossReference)) {
      throw new Cpa005FieldError(at('crossReference'), 'unique within the file');
    }
    references.add(item.crossReference);
  });
}

function inRecords<T>(list: readonly T[]): T[][] {
  const records: T[][] = [];
  for (let start = 0; start < list.length; start += SEGMENTS_PER_RECORD) {
    records.push(list.slice(start, start + SEGMENTS_PER_RECORD));
  }
  return records;
}

/**
 * The whole file: A, the credits in C records, the debits in D records (six payments to a
 * record, in the order given), Z. Every record ends with CR LF (see `terminateLastRecord`).
 */
export function writeCpa005File(
  header: Cpa005Header,
  items: readonly Cpa005Item[],
  options: Cpa005WriteOptions = {},
): string {
  const charset = options.charset ?? defaultCharset;
  const records = [headerRecord(header)];
  checkOriginator(header.originator, charset);
  checkItems(header, items);
  const totals: Cpa005Totals = {
    debitCount: 0,
    debitValueCents: 0,
    creditCount: 0,
    creditValueCents: 0,
  };
  for (const direction of ['credit', 'debit'] as const) {
    const ofDirection = items.filter((item) => item.direction === direction);
    for (const group of inRecords(ofDirection)) {
      const segments = group.map((item) => {
        try {
          return transactionSegment(item, header.originator, charset);
        } catch (error) {
          // Name the item, so the cut-off can say which payment could not be written.
          if (!(error instanceof Cpa005FieldError)) throw error;
          throw new Cpa005FieldError(`items[${items.indexOf(item)}].${error.field}`, error.rule);
        }
      });
      records.push(transactionRecord(direction, records.length + 1, header, segments));
    }
    const value = ofDirection.reduce((sum, item) => sum + item.amountCents, 0);
    if (direction === 'credit') {
      totals.creditCount = ofDirection.length;
      totals.creditValueCents = value;
    } else {
      totals.debitCount = ofDirection.length;
      totals.debitValueCents = value;
    }
  }
  records.push(trailerRecord(records.length + 1, header, totals));
  const text = records.join(RECORD_SEPARATOR);
  return options.terminateLastRecord === false ? text : text + RECORD_SEPARATOR;
}
