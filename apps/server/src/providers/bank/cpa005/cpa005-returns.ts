import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { Cents } from '@portal/domain/money/cents';
import {
  CONTROL_DATA_LENGTH,
  Cpa005FieldError,
  isoDateOfJulian,
  LOGICAL_RECORD_LENGTH,
  SEGMENT_LENGTH,
  SEGMENTS_PER_RECORD,
} from './cpa005-fields.ts';
import type { Cpa005Currency, Cpa005Direction } from './cpa005-writer.ts';

/**
 * A Standard 005 file from the bank, read for its returned items: logical record types I (a
 * credit returned: a RRIF payout the payee's bank could not post) and J (a debit returned:
 * NSF, a closed account, a PAD claim). Record Z counts I with C and J with D, and E and F (error
 * corrections) apart (research, "Record Z"). The file is refused whole, naming its line and
 * field, when its records and its trailer disagree: applying part of a file the bank did not
 * write would move statuses and money on a guess.
 *
 * Inside an I or J segment the fields keep their C/D positions (moov-io/cadeft's layout); the
 * 22-character filler carries the original item's trace number. Where the reason code sits is
 * UNCONFIRMED (research, "Returned items"): by default the transaction type (1-3) holds the
 * 900-series reason and the stored transaction type (63-65) the original code; a bank that
 * does the reverse is read with `reasonCodeIn: 'storedTransactionType'`.
 */

export class Cpa005ReadError extends Error {
  constructor(
    /** 1-based line of the file. */
    readonly line: number,
    readonly field: string,
    readonly rule: string,
  ) {
    super(`line ${line}, ${field}: ${rule}`);
    this.name = 'Cpa005ReadError';
  }
}

export type Cpa005ReasonCodeField = 'transactionType' | 'storedTransactionType';

export interface Cpa005ReadOptions {
  reasonCodeIn?: Cpa005ReasonCodeField;
}

export interface Cpa005ReturnedItem {
  recordType: 'I' | 'J';
  /** The original item's direction: I returns a credit, J a debit. */
  direction: Cpa005Direction;
  line: number;
  /** 1-6 within its record. */
  segment: number;
  /** Ours, as written (C/D-15): how a return finds its request. */
  crossReference: string;
  amountCents: Cents;
  /** Standard 007, 900-999 (`cpa005-codes.ts` names them). */
  reasonCode: number;
  originalTransactionCode: number;
  /** The item's due date (C/D-06), as the returned item carries it. */
  dueDate: IsoDate;
  itemTraceNumber: string;
  originalItemTraceNumber: string;
  /** On an edit reject (900), which data elements the bank found invalid. */
  invalidDataElementId: string;
}

/** What the records hold, by the trailer's four groups. */
export interface Cpa005CountedTotals {
  debitCount: number;
  debitValueCents: Cents;
  creditCount: number;
  creditValueCents: Cents;
  errorCorrectionECount: number;
  errorCorrectionEValueCents: Cents;
  errorCorrectionFCount: number;
  errorCorrectionFValueCents: Cents;
}

export interface Cpa005ReturnsFile {
  originatorId: string;
  fileCreationNumber: number;
  creationDate: IsoDate;
  destinationDataCentre: string;
  /** Blank means the currency of the bank service (Treasury Software's layout). */
  currency: Cpa005Currency | undefined;
  returnedItems: Cpa005ReturnedItem[];
  totals: Cpa005CountedTotals;
}

type TotalsGroup = 'debit' | 'credit' | 'errorCorrectionE' | 'errorCorrectionF';

const groupOf: Readonly<Record<string, TotalsGroup>> = {
  C: 'credit',
  I: 'credit',
  D: 'debit',
  J: 'debit',
  E: 'errorCorrectionE',
  F: 'errorCorrectionF',
};

/** 1-based, inclusive positions, as the standard writes them. */
function at(text: string, from: number, to: number): string {
  return text.slice(from - 1, to);
}

function digitsAt(record: string, line: number, field: string, from: number, to: number): number {
  const text = at(record, from, to);
  if (!/^\d+$/.test(text)) throw new Cpa005ReadError(line, field, 'digits only');
  return Number(text);
}

function recordsOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  // One line break after the last record, or none: both are written (Cpa005WriteOptions).
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function dateAt(record: string, line: number, field: string, from: number, to: number): IsoDate {
  try {
    return isoDateOfJulian(field, at(record, from, to));
  } catch (error) {
    if (error instanceof Cpa005FieldError) throw new Cpa005ReadError(line, field, error.rule);
    throw error;
  }
}

function returnedItem(
  segmentText: string,
  recordType: 'I' | 'J',
  line: number,
  segment: number,
  reasonCodeIn: Cpa005ReasonCodeField,
): Cpa005ReturnedItem {
  const field = (name: string) => `segment ${segment} ${name}`;
  const transactionType = digitsAt(segmentText, line, field('transaction type'), 1, 3);
  const storedType = digitsAt(segmentText, line, field('stored transaction type'), 63, 65);
  const [reasonCode, originalTransactionCode] =
    reasonCodeIn === 'transactionType'
      ? [transactionType, storedType]
      : [storedType, transactionType];
  if (reasonCode < 900) {
    throw new Cpa005ReadError(
      line,
      field(reasonCodeIn === 'transactionType' ? 'transaction type' : 'stored transaction type'),
      `a return reason code from 900 to 999 (reasonCodeIn: ${reasonCodeIn})`,
    );
  }
  return {
    recordType,
    direction: recordType === 'I' ? 'credit' : 'debit',
    line,
    segment,
    crossReference: at(segmentText, 151, 169).trimEnd(),
    amountCents: digitsAt(segmentText, line, field('amount'), 4, 13),
    reasonCode,
    originalTransactionCode,
    dueDate: dateAt(segmentText, line, field('due date'), 14, 19),
    itemTraceNumber: at(segmentText, 41, 62).trim(),
    originalItemTraceNumber: at(segmentText, 206, 227).trim(),
    invalidDataElementId: at(segmentText, 230, 240).trim(),
  };
}

/** Trailer fields E and F may be left blank by a bank (moov-io/cadeft reads blank as none). */
function totalAt(
  record: string,
  line: number,
  field: string,
  from: number,
  to: number,
  blankIsZero: boolean,
): number {
  if (blankIsZero && at(record, from, to).trim() === '') return 0;
  return digitsAt(record, line, field, from, to);
}

function compareTrailer(trailer: string, line: number, counted: Cpa005CountedTotals): void {
  const checks: [string, number, number, number, boolean][] = [
    ['total value of debit transactions ("D" and "J")', 25, 38, counted.debitValueCents, false],
    ['total number of debit transactions ("D" and "J")', 39, 46, counted.debitCount, false],
    ['total value of credit transactions ("C" and "I")', 47, 60, counted.creditValueCents, false],
    ['total number of credit transactions ("C" and "I")', 61, 68, counted.creditCount, false],
    ['total value of error corrections "E"', 69, 82, counted.errorCorrectionEValueCents, true],
    ['total number of error corrections "E"', 83, 90, counted.errorCorrectionECount, true],
    ['total value of error corrections "F"', 91, 104, counted.errorCorrectionFValueCents, true],
    ['total number of error corrections "F"', 105, 112, counted.errorCorrectionFCount, true],
  ];
  for (const [field, from, to, records, blankIsZero] of checks) {
    const stated = totalAt(trailer, line, field, from, to, blankIsZero);
    if (stated !== records) {
      throw new Cpa005ReadError(
        line,
        field,
        `the trailer says ${stated}, the records hold ${records}`,
      );
    }
  }
}

/**
 * Reads a returns file. Lines may end with CR LF or LF, and a record may come without its
 * trailing blanks (moov-io/cadeft's sample bank file trims them): it is read as if blank-filled
 * to 1,464 characters. A record longer than that, or any other disorder, is refused.
 */
export function readCpa005Returns(
  text: string,
  options: Cpa005ReadOptions = {},
): Cpa005ReturnsFile {
  const reasonCodeIn = options.reasonCodeIn ?? 'transactionType';
  const lines = recordsOf(text);
  if (lines.length < 2) {
    throw new Cpa005ReadError(lines.length, 'file', 'a record A and a record Z');
  }

  const records = lines.map((raw, index) => {
    if (raw.length > LOGICAL_RECORD_LENGTH) {
      throw new Cpa005ReadError(
        index + 1,
        'record',
        `${raw.length} characters, at most ${LOGICAL_RECORD_LENGTH}`,
      );
    }
    return raw.padEnd(LOGICAL_RECORD_LENGTH, ' ');
  });

  const header = records[0] ?? '';
  if (at(header, 1, 1) !== 'A') throw new Cpa005ReadError(1, 'logical record type id', 'A first');
  const control = at(header, 11, 24);
  const counted: Cpa005CountedTotals = {
    debitCount: 0,
    debitValueCents: 0,
    creditCount: 0,
    creditValueCents: 0,
    errorCorrectionECount: 0,
    errorCorrectionEValueCents: 0,
    errorCorrectionFCount: 0,
    errorCorrectionFValueCents: 0,
  };
  const returnedItems: Cpa005ReturnedItem[] = [];

  records.forEach((record, index) => {
    const line = index + 1;
    const type = at(record, 1, 1);
    const last = line === records.length;
    if (digitsAt(record, line, 'logical record count', 2, 10) !== line) {
      throw new Cpa005ReadError(
        line,
        'logical record count',
        `${line}: records are counted from A`,
      );
    }
    if (at(record, 11, 24) !== control) {
      throw new Cpa005ReadError(
        line,
        'origination control data',
        "the header's originator id and file creation number",
      );
    }
    if (last !== (type === 'Z')) {
      throw new Cpa005ReadError(line, 'logical record type id', last ? 'Z last' : 'Z only last');
    }
    if (type === 'A' || type === 'Z') {
      if (type === 'A' && line !== 1)
        throw new Cpa005ReadError(line, 'logical record type id', 'A only first');
      return;
    }
    const group = groupOf[type];
    if (group === undefined) {
      throw new Cpa005ReadError(line, 'logical record type id', 'one of A, C, D, E, F, I, J, Z');
    }
    for (let segment = 1; segment <= SEGMENTS_PER_RECORD; segment += 1) {
      const start = CONTROL_DATA_LENGTH + (segment - 1) * SEGMENT_LENGTH;
      const segmentText = record.slice(start, start + SEGMENT_LENGTH);
      if (segmentText.trim() === '') continue;
      const amount = digitsAt(segmentText, line, `segment ${segment} amount`, 4, 13);
      const countKey = `${group}Count` as const;
      const valueKey = `${group}ValueCents` as const;
      counted[countKey] += 1;
      counted[valueKey] += amount;
      if (type === 'I' || type === 'J') {
        returnedItems.push(returnedItem(segmentText, type, line, segment, reasonCodeIn));
      }
    }
  });

  compareTrailer(records[records.length - 1] ?? '', records.length, counted);

  const currency = at(header, 56, 58);
  if (currency !== 'CAD' && currency !== 'USD' && currency.trim() !== '') {
    throw new Cpa005ReadError(1, 'currency code identifier', 'CAD, USD or blank');
  }
  return {
    originatorId: at(header, 11, 20).trimEnd(),
    fileCreationNumber: digitsAt(header, 1, 'file creation number', 21, 24),
    creationDate: dateAt(header, 1, 'creation date', 25, 30),
    destinationDataCentre: at(header, 31, 35),
    currency: currency === 'CAD' || currency === 'USD' ? currency : undefined,
    returnedItems,
    totals: counted,
  };
}
