import type { Cpa005Header } from './cpa005-writer.ts';

/** The header of the tests' files: one brokerage, its return account, file 42 of 2026-11-30. */
export const northwindHeader: Cpa005Header = {
  originator: {
    id: '0123456789',
    shortName: 'Northwind Inv',
    longName: 'Northwind Investments Inc.',
    returnInstitution: '006',
    returnTransit: '00011',
    returnAccount: '7654321',
  },
  fileCreationNumber: 42,
  creationDate: '2026-11-30',
  destinationDataCentre: '00310',
  currency: 'CAD',
};
