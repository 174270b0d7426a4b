import { describe, expect, it } from 'vitest';
import { partsOf } from '@portal/domain/calendar/iso-date';
import { centsToDollars } from '@portal/domain/money/cents';
import { transactionCodes } from './cpa005-codes.ts';
import { toCpaText } from './cpa005-fields.ts';
import { writeCpa005File, type Cpa005Item } from './cpa005-writer.ts';
import { northwindHeader } from './cpa005.fixtures.ts';

/**
 * An independent witness (ADR 0037): the same file written by @cityssm/eft-generator 1.0.0
 * (MIT), a CPA 005 writer we did not write. The header, every C and D record and every segment
 * must match it character for character. Where they differ, in one place, the test says which
 * of the two the standard supports.
 */

/**
 * The part of the library's API this test uses (its `types.ts`, restated). The package ships
 * its TypeScript sources beside its built files, and TypeScript prefers a `.ts` source to a
 * `.d.ts`: a static import would type-check the library's code under this repository's
 * stricter options (`noUncheckedIndexedAccess`) and fail the build on code that is not ours.
 * So it is loaded by name at run time and typed here.
 */
interface WitnessSegment {
  cpaCode: `${number}`;
  /** In dollars. */
  amount: number;
  paymentDate: Date;
  bankInstitutionNumber: string;
  bankTransitNumber: string;
  bankAccountNumber: string;
  payeeName: string;
  crossReferenceNumber: string;
}

interface WitnessConfiguration {
  originatorId: string;
  originatorShortName: string;
  originatorLongName: string;
  fileCreationNumber: string;
  fileCreationDate: Date;
  destinationDataCentre: string;
  destinationCurrency: 'CAD' | 'USD';
  returnInstitutionNumber: string;
  returnTransitNumber: string;
  returnAccountNumber: string;
}

interface WitnessGenerator {
  addTransaction(transaction: { recordType: 'C' | 'D'; segments: WitnessSegment[] }): void;
  toCPA005(): string;
}

const witnessPackage = '@cityssm/eft-generator';
const { EFTGenerator } = (await import(/* @vite-ignore */ witnessPackage)) as {
  EFTGenerator: new (configuration: WitnessConfiguration) => WitnessGenerator;
};

const header = northwindHeader;

const names = [
  "Marie-Ève O'Brien Jr.",
  'Camille Tremblay',
  'François Côté-Lévesque',
  'Jean-Christophe Bellefeuille-Desrochers III',
  'Nguyen Thi Mai',
  'Éloïse Gagnon',
  'Olivier Roy',
];

const debits: Cpa005Item[] = names.map((name, index) => ({
  direction: 'debit',
  transactionCode: index % 2 ? transactionCodes.tfsa : transactionCodes.rspContribution,
  // Amounts whose dollars are not exact in binary (0.07, 19.99...): the cents must survive.
  amountCents: [7, 1999, 5000, 123456, 1, 99999999, 10013][index] ?? 1,
  dueDate: index < 4 ? '2026-12-01' : '2027-01-04',
  currency: 'CAD',
  institution: ['001', '002', '003', '004', '006', '815', '010'][index] ?? '001',
  transit: `1234${index}`,
  account: `00${index}1234567`,
  name,
  crossReference: `D${1000 + index}`,
}));

const credits: Cpa005Item[] = [
  {
    ...(debits[0] as Cpa005Item),
    direction: 'credit',
    transactionCode: 272,
    crossReference: 'R1',
    amountCents: 250000,
  },
  {
    ...(debits[2] as Cpa005Item),
    direction: 'credit',
    transactionCode: 272,
    crossReference: 'R2',
    amountCents: 180050,
  },
];

/** The library takes a JavaScript Date and reads its local calendar day. */
function localDate(iso: string): Date {
  const { year, month, day } = partsOf(iso);
  return new Date(year, month - 1, day);
}

function segmentOf(item: Cpa005Item): WitnessSegment {
  return {
    cpaCode: `${item.transactionCode}`,
    // The library takes dollars as a float; our cents are converted for it here only.
    amount: centsToDollars(item.amountCents),
    paymentDate: localDate(item.dueDate),
    bankInstitutionNumber: item.institution,
    bankTransitNumber: item.transit,
    bankAccountNumber: item.account,
    // The library neither transliterates nor upper-cases; it is given our text so the layout,
    // not the name rules, is what is compared.
    payeeName: toCpaText(item.name),
    crossReferenceNumber: item.crossReference,
  };
}

function witnessFile(): string {
  const generator = new EFTGenerator({
    originatorId: header.originator.id,
    originatorShortName: toCpaText(header.originator.shortName),
    originatorLongName: toCpaText(header.originator.longName),
    fileCreationNumber: String(header.fileCreationNumber),
    fileCreationDate: localDate(header.creationDate),
    destinationDataCentre: header.destinationDataCentre,
    destinationCurrency: header.currency,
    returnInstitutionNumber: header.originator.returnInstitution,
    returnTransitNumber: header.originator.returnTransit,
    returnAccountNumber: header.originator.returnAccount,
  });
  // One library "transaction" is one record of up to six segments; more are split six by six,
  // as ours are. Credits first, as we write them.
  generator.addTransaction({ recordType: 'C', segments: credits.map(segmentOf) });
  generator.addTransaction({ recordType: 'D', segments: debits.map(segmentOf) });
  return generator.toCPA005();
}

const ours = writeCpa005File(header, [...debits, ...credits])
  .split('\r\n')
  .filter(Boolean);
const theirs = witnessFile().split('\r\n');

describe('the file against @cityssm/eft-generator', () => {
  it('has the same records: A, C (2 payments), D (6), D (1), Z', () => {
    expect(ours.map((record) => record[0])).toEqual(['A', 'C', 'D', 'D', 'Z']);
    expect(theirs.map((record) => record[0])).toEqual(['A', 'C', 'D', 'D', 'Z']);
    theirs.forEach((record) => expect(record).toHaveLength(1464));
  });

  it('writes the same header', () => {
    expect(ours[0]).toBe(theirs[0]);
  });

  it('writes every C and D record, every segment, character for character alike', () => {
    for (const index of [1, 2, 3]) {
      const mine = ours[index] ?? '';
      const witness = theirs[index] ?? '';
      expect(mine.slice(0, 24)).toBe(witness.slice(0, 24));
      for (let start = 24; start < 1464; start += 240) {
        expect(mine.slice(start, start + 240)).toBe(witness.slice(start, start + 240));
      }
    }
  });

  it('agrees on the trailer except the counts: it counts records, the standard counts payments', () => {
    const mine = ours[4] ?? '';
    const witness = theirs[4] ?? '';
    expect(mine.slice(0, 24)).toBe(witness.slice(0, 24));
    expect(mine.slice(24, 38)).toBe(witness.slice(24, 38)); // total value of debits
    expect(mine.slice(46, 60)).toBe(witness.slice(46, 60)); // total value of credits
    expect(mine.slice(68)).toBe(witness.slice(68)); // error corrections and filler
    // Number of debits: 7 payments in 2 D records. The library writes 2, we write 7. The
    // standard's field is the "Total Number of Debit Transactions", and a bank's own file
    // (moov-io/cadeft's sample: one D record of five payments, trailer count 00000005)
    // counts payments: ours is the standard's reading.
    expect(mine.slice(38, 46)).toBe('00000007');
    expect(witness.slice(38, 46)).toBe('00000002');
    // Number of credits: 2 payments in 1 C record.
    expect(mine.slice(60, 68)).toBe('00000002');
    expect(witness.slice(60, 68)).toBe('00000001');
  });
});
