import { describe, expect, it } from 'vitest';
import { transactionCodes } from './cpa005-codes.ts';
import { Cpa005FieldError } from './cpa005-fields.ts';
import {
  headerRecord,
  trailerRecord,
  transactionRecord,
  transactionSegment,
  writeCpa005File,
  type Cpa005Item,
} from './cpa005-writer.ts';
import { northwindHeader } from './cpa005.fixtures.ts';

/** Positions as the standard writes them: 1-based, both ends included. */
const at = (text: string, from: number, to: number) => text.slice(from - 1, to);

const header = northwindHeader;

function debit(crossReference: string, amountCents = 123456): Cpa005Item {
  return {
    direction: 'debit',
    transactionCode: transactionCodes.rspContribution,
    amountCents,
    dueDate: '2026-12-01',
    currency: 'CAD',
    institution: '001',
    transit: '12345',
    account: '0012345',
    name: "Marie-Ève O'Brien Jr.",
    crossReference,
  };
}

function credit(crossReference: string, amountCents = 250000): Cpa005Item {
  return {
    direction: 'credit',
    transactionCode: transactionCodes.retirementIncomeFund,
    amountCents,
    dueDate: '2026-12-02',
    currency: 'CAD',
    institution: '815',
    transit: '30001',
    account: '987654321012',
    name: 'Gérald Côté',
    crossReference,
  };
}

const records = (file: string) => file.split('\r\n').filter((record) => record !== '');

describe('record A, the header', () => {
  const record = headerRecord(header);

  it('is 1,464 characters, every field at its position', () => {
    expect(record).toHaveLength(1464);
    expect(at(record, 1, 1)).toBe('A'); // 01 logical record type id
    expect(at(record, 2, 10)).toBe('000000001'); // 02 logical record count
    expect(at(record, 11, 20)).toBe('0123456789'); // 03 originator's id
    expect(at(record, 21, 24)).toBe('0042'); // 04 file creation number
    expect(at(record, 25, 30)).toBe('026334'); // 05 creation date, November 30
    expect(at(record, 31, 35)).toBe('00310'); // 06 destination data centre
    expect(at(record, 36, 55)).toBe(' '.repeat(20)); // 07 communication area
    expect(at(record, 56, 58)).toBe('CAD'); // 08 currency code identifier
    expect(at(record, 59, 1464)).toBe(' '.repeat(1406)); // 09 filler
  });

  it('blank-fills a shorter originator id and zero-fills the file creation number', () => {
    const short = headerRecord({
      ...header,
      originator: { ...header.originator, id: 'ABC123' },
      fileCreationNumber: 7,
    });
    expect(at(short, 11, 20)).toBe('ABC123    ');
    expect(at(short, 21, 24)).toBe('0007');
  });

  it('refuses what does not fit: file creation numbers, data centre, currency, id', () => {
    expect(() => headerRecord({ ...header, fileCreationNumber: 0 })).toThrow('never 0000');
    expect(() => headerRecord({ ...header, fileCreationNumber: 10000 })).toThrow('1 to 9999');
    expect(() => headerRecord({ ...header, destinationDataCentre: '003100' })).toThrow(
      'destinationDataCentre',
    );
    expect(() => headerRecord({ ...header, currency: 'EUR' as 'CAD' })).toThrow('CAD or USD');
    expect(() =>
      headerRecord({ ...header, originator: { ...header.originator, id: '01234567890' } }),
    ).toThrow('originatorId: 11 characters');
  });
});

describe('a C or D segment', () => {
  const segment = transactionSegment(debit('D1001'), header.originator);
  // In a record, segment 1 sits at 25-264: the standard's positions are the segment's + 24.
  const record = transactionRecord('debit', 2, header, [segment]);
  const field = (from: number, to: number) => at(record, from, to);

  it('is 240 characters', () => {
    expect(segment).toHaveLength(240);
  });

  it('writes every field at its position, zero- or blank-filled', () => {
    expect(field(25, 27)).toBe('271'); // 04 transaction type
    expect(field(28, 37)).toBe('0000123456'); // 05 amount, $1,234.56
    expect(field(38, 43)).toBe('026335'); // 06 due date, December 1
    expect(field(44, 52)).toBe('000112345'); // 07 institutional identification no.
    expect(field(53, 64)).toBe('0012345     '); // 08 payor account no.
    expect(field(65, 86)).toBe('0'.repeat(22)); // 09 item trace no.
    expect(field(87, 89)).toBe('000'); // 10 stored transaction type
    expect(field(90, 104)).toBe('NORTHWIND INV  '); // 11 originator's short name
    expect(field(105, 134)).toBe('MARIE-EVE O BRIEN JR          '); // 12 payor name
    expect(field(135, 164)).toBe('NORTHWIND INVESTMENTS INC     '); // 13 long name
    expect(field(165, 174)).toBe('0123456789'); // 14 originating direct clearer's user's id
    expect(field(175, 193)).toBe('D1001              '); // 15 cross reference
    expect(field(194, 202)).toBe('000600011'); // 16 institutional id for returns
    expect(field(203, 214)).toBe('7654321     '); // 17 account no. for returns
    expect(field(215, 229)).toBe(' '.repeat(15)); // 18 originator's sundry information
    expect(field(230, 251)).toBe(' '.repeat(22)); // 19 filler
    expect(field(252, 253)).toBe('  '); // 20 settlement code
    expect(field(254, 264)).toBe('0'.repeat(11)); // 21 invalid data element id
  });

  it('carries sundry information when given', () => {
    const withSundry = transactionSegment(
      { ...debit('D1001'), sundry: 'PAC 2026' },
      header.originator,
    );
    expect(at(withSundry, 191, 205)).toBe('PAC 2026       ');
  });

  it('refuses return codes, bad cross-references and accounts that do not fit', () => {
    expect(() =>
      transactionSegment({ ...debit('D1'), transactionCode: 901 }, header.originator),
    ).toThrow('transactionCode');
    expect(() => transactionSegment(debit('d-1'), header.originator)).toThrow('crossReference');
    expect(() => transactionSegment(debit('D12345678901234567890'), header.originator)).toThrow(
      'crossReference',
    );
    expect(() =>
      transactionSegment({ ...debit('D1'), account: '1234567890123' }, header.originator),
    ).toThrow('account: 1 to 12 digits');
    expect(() =>
      transactionSegment({ ...debit('D1'), amountCents: 12.5 }, header.originator),
    ).toThrow('amountCents');
  });
});

describe('C and D records', () => {
  const segments = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6'].map((reference, index) =>
    transactionSegment(debit(reference, 100 + index), header.originator),
  );

  it('start with the type, the count and the origination control data', () => {
    const record = transactionRecord('credit', 12, header, segments.slice(0, 1));
    expect(at(record, 1, 1)).toBe('C');
    expect(at(record, 2, 10)).toBe('000000012');
    expect(at(record, 11, 24)).toBe('01234567890042');
    expect(at(record, 265, 1464)).toBe(' '.repeat(1200)); // segments 2-6 unused: blank
  });

  it('put segment n at 25 + 240 (n - 1), six to a record', () => {
    const record = transactionRecord('debit', 2, header, segments);
    expect(record).toHaveLength(1464);
    for (let n = 1; n <= 6; n += 1) {
      const start = 25 + 240 * (n - 1);
      expect(at(record, start, start + 239)).toBe(segments[n - 1]);
      expect(at(record, start + 3, start + 12)).toBe(String(99 + n).padStart(10, '0'));
    }
  });

  it('refuse a seventh segment and an empty record', () => {
    expect(() => transactionRecord('debit', 2, header, [...segments, segments[0] ?? ''])).toThrow(
      '1 to 6 segments',
    );
    expect(() => transactionRecord('debit', 2, header, [])).toThrow('1 to 6 segments');
  });
});

describe('record Z, the trailer', () => {
  const record = trailerRecord(5, header, {
    debitCount: 7,
    debitValueCents: 864192,
    creditCount: 2,
    creditValueCents: 500000,
  });

  it('writes counts and totals at their positions, error corrections zero', () => {
    expect(record).toHaveLength(1464);
    expect(at(record, 1, 1)).toBe('Z');
    expect(at(record, 2, 10)).toBe('000000005');
    expect(at(record, 11, 24)).toBe('01234567890042');
    expect(at(record, 25, 38)).toBe('00000000864192'); // total value of debits
    expect(at(record, 39, 46)).toBe('00000007'); // number of debits
    expect(at(record, 47, 60)).toBe('00000000500000'); // total value of credits
    expect(at(record, 61, 68)).toBe('00000002'); // number of credits
    expect(at(record, 69, 82)).toBe('0'.repeat(14)); // value of error corrections E
    expect(at(record, 83, 90)).toBe('0'.repeat(8)); // number of E
    expect(at(record, 91, 104)).toBe('0'.repeat(14)); // value of F
    expect(at(record, 105, 112)).toBe('0'.repeat(8)); // number of F
    expect(at(record, 113, 1464)).toBe(' '.repeat(1352)); // filler
  });

  it('refuses totals the 14 digits cannot hold', () => {
    expect(() =>
      trailerRecord(3, header, {
        debitCount: 1,
        debitValueCents: 100_000_000_000_000,
        creditCount: 0,
        creditValueCents: 0,
      }),
    ).toThrow('totalDebitValue');
  });
});

describe('a whole file', () => {
  it('puts 7 debits in two D records (6 + 1) and counts 7 payments in Z', () => {
    const items = [1, 2, 3, 4, 5, 6, 7].map((n) => debit(`D${n}`, n * 1000));
    const file = writeCpa005File(header, items);
    const lines = records(file);
    expect(lines.map((line) => line[0])).toEqual(['A', 'D', 'D', 'Z']);
    expect(lines.map((line) => at(line, 2, 10))).toEqual([
      '000000001',
      '000000002',
      '000000003',
      '000000004',
    ]);
    lines.forEach((line) => expect(line).toHaveLength(1464));
    const [, first, second, trailer] = lines as [string, string, string, string];
    expect(at(first, 1225 + 150, 1225 + 168).trimEnd()).toBe('D6');
    expect(at(second, 175, 193).trimEnd()).toBe('D7');
    expect(at(second, 265, 1464).trim()).toBe('');
    expect(at(trailer, 25, 38)).toBe('00000000028000');
    expect(at(trailer, 39, 46)).toBe('00000007');
    expect(at(trailer, 47, 68)).toBe('0'.repeat(22));
  });

  it('writes credits before debits, each in records of their own, and ends every record with CR LF', () => {
    const file = writeCpa005File(header, [debit('D1'), credit('R1'), debit('D2'), credit('R2')]);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.split('\r\n')).toHaveLength(5);
    const lines = records(file);
    expect(lines.map((line) => line[0])).toEqual(['A', 'C', 'D', 'Z']);
    const [, credits, debits, trailer] = lines as [string, string, string, string];
    expect(at(credits, 175, 193).trimEnd()).toBe('R1');
    expect(at(credits, 265 + 150, 265 + 168).trimEnd()).toBe('R2');
    expect(at(credits, 105, 134).trimEnd()).toBe('GERALD COTE');
    expect(at(credits, 25, 27)).toBe('272');
    expect(at(debits, 175, 193).trimEnd()).toBe('D1');
    expect(at(trailer, 25, 46)).toBe('00000000246912' + '00000002');
    expect(at(trailer, 47, 68)).toBe('00000000500000' + '00000002');
  });

  it('can leave the last record without a line break', () => {
    const file = writeCpa005File(header, [debit('D1')], { terminateLastRecord: false });
    expect(file.endsWith('\r\n')).toBe(false);
    expect(file).toHaveLength(3 * 1464 + 2 * 2);
  });

  it('allows the punctuation a bank accepts', () => {
    const file = writeCpa005File(header, [debit('D1')], { charset: { punctuation: "-'." } });
    expect(at(records(file)[1] ?? '', 105, 134).trimEnd()).toBe("MARIE-EVE O'BRIEN JR.");
  });

  it('refuses a second currency, a zero amount, a repeated cross-reference, no items', () => {
    expect(() =>
      writeCpa005File(header, [debit('D1'), { ...debit('D2'), currency: 'USD' }]),
    ).toThrow(new Cpa005FieldError('items[1].currency', "the file's currency, CAD"));
    expect(() => writeCpa005File(header, [debit('D1', 0)])).toThrow('items[0].amountCents');
    expect(() => writeCpa005File(header, [debit('D1'), credit('D1')])).toThrow(
      'items[1].crossReference: unique within the file',
    );
    expect(() => writeCpa005File(header, [])).toThrow('at least one item');
  });

  it('names the item that cannot be written, and a wrong originator setting as such', () => {
    expect(() =>
      writeCpa005File(header, [debit('D1'), { ...debit('D2'), transit: '123' }]),
    ).toThrow('items[1].institutionalId: a 5-digit transit');
    expect(() =>
      writeCpa005File({ ...header, originator: { ...header.originator, returnAccount: '' } }, [
        debit('D1'),
      ]),
    ).toThrow(new Cpa005FieldError('returnAccount', '1 to 12 digits'));
  });
});
