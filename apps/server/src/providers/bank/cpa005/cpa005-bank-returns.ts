import { julianDate } from './cpa005-fields.ts';
import type { Cpa005ReasonCodeField } from './cpa005-returns.ts';
import type { IsoDate } from '@portal/domain/calendar/iso-date';

/**
 * The bank's side of returns: sends back the named items of a file we wrote as I and J records,
 * the way `readCpa005Returns` reads them (research, "Returned items"): the reason code in the
 * transaction type (or the stored transaction type), the original code in the other, the
 * bank's trace number for the return in 41-62 and the original item's in the filler. The
 * sandbox bank answers our files with it, and tests play a bank with it; no real bank's file is
 * written here.
 */
export interface BankReturnsOptions {
  /** Matched against each item's cross-reference (C/D-15): the reason to return it with. */
  reasons: ReadonlyMap<string, number>;
  reasonIn?: Cpa005ReasonCodeField;
  /** The returns file's own number and date. */
  fileCreationNumber: number;
  creationDate: IsoDate;
  /** Where the bank's trace numbers start (the sandbox bank's institution and branch). */
  traceOrigin?: string;
}

const pad = (text: string, width: number) => text.padStart(width, '0');
const RECORD = 1464;

export function writeBankReturns(outgoing: string, options: BankReturnsOptions): string {
  const reasonIn = options.reasonIn ?? 'transactionType';
  const lines = outgoing.split(/\r?\n/).filter((line) => line !== '');
  const header = lines.find((line) => line[0] === 'A');
  if (!header) throw new Error('writeBankReturns: the outgoing file has no record A');
  const originatorId = header.slice(10, 20);
  const dataCentre = header.slice(30, 35);
  const currency = header.slice(55, 58);
  const control = `${originatorId}${pad(String(options.fileCreationNumber), 4)}`;
  const traceOrigin = options.traceOrigin ?? '0031000';
  const returned: { type: 'I' | 'J'; segment: string; amount: number }[] = [];
  let trace = 0;
  for (const line of lines) {
    if (line[0] !== 'C' && line[0] !== 'D') continue;
    for (let start = 24; start < RECORD; start += 240) {
      const segment = line.slice(start, start + 240);
      const reason = options.reasons.get(segment.slice(150, 169).trimEnd());
      if (segment.trim() === '' || reason === undefined) continue;
      trace += 1;
      const original = segment.slice(0, 3);
      const [typeField, storedField] =
        reasonIn === 'transactionType' ? [String(reason), original] : [original, String(reason)];
      returned.push({
        type: line[0] === 'C' ? 'I' : 'J',
        amount: Number(segment.slice(3, 13)),
        segment:
          typeField +
          segment.slice(3, 40) +
          `${traceOrigin}${pad(String(trace), 15)}` +
          storedField +
          segment.slice(65, 205) +
          `${traceOrigin}${pad(String(trace + 500), 15)}` +
          segment.slice(227),
      });
    }
  }
  const records = [
    (
      `A000000001${control}${julianDate('creationDate', options.creationDate)}${dataCentre}` +
      `${' '.repeat(20)}${currency}`
    ).padEnd(RECORD),
  ];
  for (const type of ['I', 'J'] as const) {
    const ofType = returned.filter((entry) => entry.type === type);
    for (let first = 0; first < ofType.length; first += 6) {
      const segments = ofType.slice(first, first + 6).map((entry) => entry.segment);
      records.push(
        `${type}${pad(String(records.length + 1), 9)}${control}${segments.join('')}`.padEnd(RECORD),
      );
    }
  }
  const total = (type: 'I' | 'J') =>
    returned.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.amount, 0);
  const count = (type: 'I' | 'J') => returned.filter((entry) => entry.type === type).length;
  records.push(
    (
      `Z${pad(String(records.length + 1), 9)}${control}` +
      `${pad(String(total('J')), 14)}${pad(String(count('J')), 8)}` +
      `${pad(String(total('I')), 14)}${pad(String(count('I')), 8)}` +
      '0'.repeat(44)
    ).padEnd(RECORD),
  );
  return records.map((record) => `${record}\r\n`).join('');
}
