/** Complete answers of step `otherinterests`, shared by the rule tests. */

export const applicant = {
  isPep: false,
  isInsider: false,
  isDirector: false,
  isDealerEmployee: false,
  taxResidences: [{ countryId: 1, tin: '046454286' }],
  isUsPerson: false,
  wantsTrustedContact: false,
};

export const attorney = {
  kind: 'person',
  name: 'Luc Tremblay',
  address: {
    streetNumber: '1',
    streetName: 'Rue Sainte-Catherine',
    city: 'Montréal',
    provinceId: 11,
    postalCode: 'H2X 1K4',
    countryId: 1,
  },
  phone: '514 555-0101',
  occupation: 'Notary',
  birthDate: '1970-03-31',
};

export const company = {
  kind: 'company',
  name: 'Gestion Tremblay inc.',
  address: {
    suite: 'C.P. 123',
    streetNumber: '',
    streetName: 'Succursale Haute-Ville',
    city: 'Québec',
    provinceId: 11,
    postalCode: 'G1R 4P3',
    countryId: 1,
  },
  phone: '418-555-0102',
  incorporationNumber: '1234567890',
  incorporationPlace: 'Quebec',
};

export const complete = {
  businessRelationshipPurpose: 1,
  intendedUse: { tfsa: 1, margin: 7 },
  investmentExperience: { primary: 5 },
  investmentKnowledge: { primary: 2 },
  riskTolerance: { primary: 2 },
  investmentTimeHorizon: { primary: 3 },
  // Limited knowledge and a margin account meant for speculation: the warning was read.
  knowledgeWarningAcknowledged: true,
  tradingAuthority: { answer: false },
  guarantee: { answer: false },
  powerOfAttorney: { answer: true, thirdParties: [attorney] },
  securityholderInformation: 1,
  documentDelivery: 'electronic',
  correspondenceLanguage: 2,
  securityholderExplanationAcknowledged: true,
  disclosureAcknowledged: true,
  referralSource: 5,
  isEmployeeOrAdvisor: false,
  affiliations: { primary: applicant },
};
