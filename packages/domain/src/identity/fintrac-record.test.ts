import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditFileAccepted, fintracRecordSchema, recordFieldsFor } from './fintrac-record.ts';

const common = {
  verifiedName: 'Marie Tremblay',
  verifiedAt: '2026-11-23T21:40:00.000Z',
  vendor: 'sandbox-mobile-id',
  vendorReference: 'inq_123',
};
const photoId = {
  documentType: 'driversLicence',
  documentNumber: 'T6543-210987-65',
  jurisdiction: 'QC',
  country: 'CA',
  expiryDate: '2030-05-31',
};
const sources = [
  {
    sourceName: 'Hydro-Québec',
    category: 'nameAddress',
    documentType: 'utilityBill',
    referenceNumber: 'HQ-1',
  },
  {
    sourceName: 'Desjardins',
    category: 'nameFinancialAccount',
    documentType: 'bankStatement',
    referenceNumber: '815-30001-123',
  },
];
const records = {
  photoId: { method: 'photoId', ...common, ...photoId },
  creditFile: {
    method: 'creditFile',
    ...common,
    bureau: 'equifax',
    fileReference: 'EQ-998877',
    fileAgeYears: 7,
    tradelines: 4,
  },
  dualProcess: { method: 'dualProcess', ...common, sources },
  manualDualProcess: {
    method: 'manual',
    ...common,
    reviewedBy: 'ops@example.test',
    methodUsed: 'dualProcess',
    sources,
  },
};

describe('FINTRAC record', () => {
  it('holds exactly the fields FINTRAC asks for each method', () => {
    const base = ['method', 'verifiedName', 'verifiedAt', 'vendor', 'vendorReference'];
    expect(recordFieldsFor('photoId')).toEqual([
      ...base,
      'documentType',
      'documentNumber',
      'jurisdiction',
      'country',
      'expiryDate',
    ]);
    expect(recordFieldsFor('creditFile')).toEqual([
      ...base,
      'bureau',
      'fileReference',
      'fileAgeYears',
      'tradelines',
    ]);
    expect(recordFieldsFor('dualProcess')).toEqual([...base, 'sources']);
    expect(recordFieldsFor('manual')).toEqual([...base, 'reviewedBy', 'methodUsed', 'sources']);
  });

  it.each(Object.entries(records))(
    'accepts a %s record with exactly those keys',
    (_name, record) => {
      const parsed = fintracRecordSchema.parse(record);
      expect(Object.keys(parsed).sort()).toEqual([...recordFieldsFor(parsed.method)].sort());
    },
  );

  it('refuses any field FINTRAC does not ask for', () => {
    expect(fintracRecordSchema.safeParse({ ...records.photoId, selfie: 'x' }).success).toBe(false);
    expect(fintracRecordSchema.safeParse({ ...records.creditFile, sin: '046454286' }).success).toBe(
      false,
    );
    const extraInSource = {
      ...records.dualProcess,
      sources: [{ ...sources[0], file: 'x' }, sources[1]],
    };
    expect(fintracRecordSchema.safeParse(extraInSource).success).toBe(false);
  });

  it('refuses a record missing a field, or with a wrong value', () => {
    const noNumber: Record<string, unknown> = { ...records.photoId };
    delete noNumber.documentNumber;
    expect(fintracRecordSchema.safeParse(noNumber).success).toBe(false);
    expect(fintracRecordSchema.safeParse({ ...records.photoId, country: 'Canada' }).success).toBe(
      false,
    );
    expect(
      fintracRecordSchema.safeParse({ ...records.photoId, documentType: 'healthCard' }).success,
    ).toBe(false);
    expect(
      fintracRecordSchema.safeParse({ ...records.photoId, verifiedAt: '2026-11-23' }).success,
    ).toBe(false);
    expect(
      fintracRecordSchema.safeParse({ ...records.creditFile, bureau: 'experian' }).success,
    ).toBe(false);
    expect(fintracRecordSchema.safeParse({ ...records.creditFile, fileAgeYears: 2 }).success).toBe(
      false,
    );
    expect(fintracRecordSchema.safeParse({ ...records.creditFile, tradelines: 1 }).success).toBe(
      false,
    );
    expect(
      fintracRecordSchema.safeParse({ ...records.dualProcess, sources: [sources[0]] }).success,
    ).toBe(false);
    expect(
      fintracRecordSchema.safeParse({ ...records.dualProcess, sources: [sources[0], sources[0]] })
        .success,
    ).toBe(false);
    expect(
      fintracRecordSchema.safeParse({ ...records.manualDualProcess, methodUsed: 'creditFile' })
        .success,
    ).toBe(false);
    expect(
      fintracRecordSchema.safeParse({ ...records.manualDualProcess, reviewedBy: '' }).success,
    ).toBe(false);
    // A person looking at an uploaded photo ID is not FINTRAC's photo-ID method (ADR 0018).
    expect(
      fintracRecordSchema.safeParse({
        method: 'manual',
        ...common,
        reviewedBy: 'ops@example.test',
        methodUsed: 'photoId',
        ...photoId,
      }).success,
    ).toBe(false);
  });

  it('accepts a passport with no jurisdiction and a document with no expiry', () => {
    const passport = {
      ...records.photoId,
      documentType: 'passport',
      jurisdiction: null,
      expiryDate: null,
    };
    expect(fintracRecordSchema.safeParse(passport).success).toBe(true);
  });
});

describe('credit-file acceptance', () => {
  const good = {
    fileAgeYears: 3,
    tradelines: 2,
    nameMatch: true,
    addressMatch: true,
    dobMatch: true,
  };

  it('accepts a file of three years and two tradelines matching name, address and birth date', () => {
    expect(creditFileAccepted(good)).toBe(true);
  });

  it.each([
    ['a file under three years', { fileAgeYears: 2.9 }],
    ['a single tradeline', { tradelines: 1 }],
    ['a name mismatch', { nameMatch: false }],
    ['an address mismatch', { addressMatch: false }],
    ['a birth-date mismatch', { dobMatch: false }],
  ])('refuses %s', (_name, change) => {
    expect(creditFileAccepted({ ...good, ...change })).toBe(false);
  });

  it('accepts exactly when every condition holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          fileAgeYears: fc.integer({ min: 0, max: 40 }),
          tradelines: fc.integer({ min: 0, max: 30 }),
          nameMatch: fc.boolean(),
          addressMatch: fc.boolean(),
          dobMatch: fc.boolean(),
        }),
        (evidence) =>
          creditFileAccepted(evidence) ===
          (evidence.fileAgeYears >= 3 &&
            evidence.tradelines >= 2 &&
            evidence.nameMatch &&
            evidence.addressMatch &&
            evidence.dobMatch),
      ),
    );
  });
});
