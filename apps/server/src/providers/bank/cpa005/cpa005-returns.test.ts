import { describe, expect, it } from 'vitest';
import { writeBankReturns } from './cpa005-bank-returns.ts';
import { returnReasons, transactionCodes } from './cpa005-codes.ts';
import {
  Cpa005ReadError,
  readCpa005Returns,
  type Cpa005ReasonCodeField,
} from './cpa005-returns.ts';
import { writeCpa005File, type Cpa005Item } from './cpa005-writer.ts';
import { northwindHeader } from './cpa005.fixtures.ts';

const header = northwindHeader;

function item(
  direction: 'credit' | 'debit',
  crossReference: string,
  amountCents: number,
): Cpa005Item {
  return {
    direction,
    transactionCode:
      direction === 'debit' ? transactionCodes.tfsa : transactionCodes.retirementIncomeFund,
    amountCents,
    dueDate: direction === 'debit' ? '2026-12-01' : '2026-12-31',
    currency: 'CAD',
    institution: '001',
    transit: '12345',
    account: '0012345',
    name: 'Camille Tremblay',
    crossReference,
  };
}

const outgoing = writeCpa005File(header, [
  item('debit', 'D1', 5000),
  item('debit', 'D2', 10013),
  item('debit', 'D3', 7500),
  item('debit', 'D4', 20000),
  item('debit', 'D5', 1),
  item('credit', 'R1', 250000),
  item('credit', 'R2', 180050),
]);

/** The bank of these tests (cpa005-bank-returns.ts): our file's named items sent back. */
function bankReturns(
  file: string,
  reasons: ReadonlyMap<string, number>,
  reasonIn: Cpa005ReasonCodeField = 'transactionType',
): string {
  return writeBankReturns(file, {
    reasons,
    reasonIn,
    fileCreationNumber: 7,
    creationDate: '2026-12-06',
  });
}

const nsfClosedAndInvalid = new Map([
  ['D2', 901],
  ['D5', 905],
  ['R1', 912],
]);

/** Replaces the characters from 1-based `from` with `text`. */
function replaceAt(record: string, from: number, text: string): string {
  return record.slice(0, from - 1) + text + record.slice(from - 1 + text.length);
}

function editLine(file: string, line: number, edit: (record: string) => string): string {
  const lines = file.split('\r\n');
  lines[line - 1] = edit(lines[line - 1] ?? '');
  return lines.join('\r\n');
}

function readError(read: () => unknown): Cpa005ReadError {
  try {
    read();
  } catch (error) {
    if (error instanceof Cpa005ReadError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('returned items of a file we wrote', () => {
  it('come back with their cross-reference, amount, reason, due date and direction', () => {
    const returns = readCpa005Returns(bankReturns(outgoing, nsfClosedAndInvalid));
    expect(returns.returnedItems).toEqual([
      {
        recordType: 'I',
        direction: 'credit',
        line: 2,
        segment: 1,
        crossReference: 'R1',
        amountCents: 250000,
        reasonCode: 912,
        originalTransactionCode: 272,
        dueDate: '2026-12-31',
        itemTraceNumber: '0031000000000000000001',
        originalItemTraceNumber: '0031000000000000000501',
        invalidDataElementId: '00000000000',
      },
      {
        recordType: 'J',
        direction: 'debit',
        line: 3,
        segment: 1,
        crossReference: 'D2',
        amountCents: 10013,
        reasonCode: 901,
        originalTransactionCode: 273,
        dueDate: '2026-12-01',
        itemTraceNumber: '0031000000000000000002',
        originalItemTraceNumber: '0031000000000000000502',
        invalidDataElementId: '00000000000',
      },
      expect.objectContaining({
        line: 3,
        segment: 2,
        crossReference: 'D5',
        amountCents: 1,
        reasonCode: 905,
      }),
    ]);
    expect(returns).toMatchObject({
      originatorId: '0123456789',
      fileCreationNumber: 7,
      creationDate: '2026-12-06',
      destinationDataCentre: '00310',
      currency: 'CAD',
      totals: { debitCount: 2, debitValueCents: 10014, creditCount: 1, creditValueCents: 250000 },
    });
    expect(returnReasons[901].description).toBe('NSF (debit only)');
  });

  it('read from whichever field the bank keeps the reason in', () => {
    const file = bankReturns(outgoing, new Map([['D3', 917]]), 'storedTransactionType');
    expect(
      readCpa005Returns(file, { reasonCodeIn: 'storedTransactionType' }).returnedItems,
    ).toEqual([
      expect.objectContaining({
        crossReference: 'D3',
        reasonCode: 917,
        originalTransactionCode: 273,
      }),
    ]);
    const wrongField = readError(() => readCpa005Returns(file));
    expect(wrongField).toMatchObject({ line: 2, field: 'segment 1 transaction type' });
    expect(wrongField.message).toContain('reasonCodeIn: transactionType');
  });

  it('a file of our own outgoing items reads back balanced, with nothing returned', () => {
    const read = readCpa005Returns(outgoing);
    expect(read.returnedItems).toEqual([]);
    expect(read.totals).toMatchObject({
      debitCount: 5,
      debitValueCents: 42514,
      creditCount: 2,
      creditValueCents: 430050,
    });
  });

  it('accepts LF line ends, records without their trailing blanks and no final line break', () => {
    const trimmed = bankReturns(outgoing, nsfClosedAndInvalid)
      .split('\r\n')
      .map((record) => record.trimEnd())
      .join('\n')
      .trimEnd();
    expect(readCpa005Returns(trimmed).returnedItems.map((entry) => entry.crossReference)).toEqual([
      'R1',
      'D2',
      'D5',
    ]);
  });
});

describe('a file whose records and trailer disagree is refused whole', () => {
  const returned = bankReturns(outgoing, nsfClosedAndInvalid);

  it('names the trailer line and the count that is wrong', () => {
    const wrongCount = editLine(returned, 4, (record) => replaceAt(record, 39, '00000003'));
    expect(readError(() => readCpa005Returns(wrongCount))).toMatchObject({
      line: 4,
      field: 'total number of debit transactions ("D" and "J")',
      rule: 'the trailer says 3, the records hold 2',
    });
  });

  it('names the total that is wrong', () => {
    const wrongValue = editLine(returned, 4, (record) => replaceAt(record, 47, '00000000250001'));
    expect(readError(() => readCpa005Returns(wrongValue))).toMatchObject({
      line: 4,
      field: 'total value of credit transactions ("C" and "I")',
    });
    const phantomCorrection = editLine(returned, 4, (record) => replaceAt(record, 83, '00000001'));
    expect(readError(() => readCpa005Returns(phantomCorrection)).field).toBe(
      'total number of error corrections "E"',
    );
  });

  it('refuses records out of order, foreign control data and unknown record types', () => {
    const skipped = editLine(returned, 3, (record) => replaceAt(record, 2, '000000004'));
    expect(readError(() => readCpa005Returns(skipped))).toMatchObject({
      line: 3,
      field: 'logical record count',
    });
    const foreign = editLine(returned, 2, (record) => replaceAt(record, 21, '0008'));
    expect(readError(() => readCpa005Returns(foreign))).toMatchObject({
      line: 2,
      field: 'origination control data',
    });
    const unknown = editLine(returned, 2, (record) => replaceAt(record, 1, 'S'));
    expect(readError(() => readCpa005Returns(unknown))).toMatchObject({
      line: 2,
      field: 'logical record type id',
    });
  });

  it('refuses a file without its trailer, a record too long and a day that does not exist', () => {
    const noTrailer = returned.split('\r\n').slice(0, 3).join('\r\n');
    expect(readError(() => readCpa005Returns(noTrailer))).toMatchObject({
      line: 3,
      field: 'logical record type id',
      rule: 'Z last',
    });
    const tooLong = editLine(returned, 2, (record) => `${record} `);
    expect(readError(() => readCpa005Returns(tooLong))).toMatchObject({ line: 2, field: 'record' });
    const badDate = editLine(returned, 3, (record) => replaceAt(record, 38, '026366'));
    expect(readError(() => readCpa005Returns(badDate))).toMatchObject({
      line: 3,
      field: 'segment 1 due date',
      rule: 'a day of the year from 001 to 365',
    });
    expect(readError(() => readCpa005Returns(returned.split('\r\n')[0] ?? ''))).toMatchObject({
      field: 'file',
    });
  });
});
