/**
 * A joint application with every question answered, as the server keeps it (SINs and TINs
 * only masked): married applicants with employed spouses, a mailing and a previous address,
 * third parties on every question, each affiliation declared, trusted contacts, a beneficiary
 * living elsewhere. Shared by the outline, review and document tests.
 */
import type { SavedSteps } from '../rules/onboarding-flow.ts';
import { montrealHome, savedProfile } from '../rules/profile.fixtures.ts';
import { attorney, company } from '../rules/other-interests.fixtures.ts';

const torontoHome = {
  suite: '1204',
  streetNumber: '55',
  streetName: 'Bloor Street West',
  city: 'Toronto',
  provinceId: 5,
  postalCode: 'M4W 1A5',
  countryId: 1,
};

const employedSpouse = {
  title: 1,
  firstName: 'Luc',
  lastName: 'Gagnon',
  birthDate: '1984-01-02',
  sinMasked: '*** *** 787',
  employmentStatus: 1,
  employerName: 'Bombardier',
  industryId: 3,
  occupationId: 4,
  employerCountryId: 1,
  employerProvinceId: 11,
  employerCity: 'Dorval',
  annualIncome: 64000,
  netFixedAssets: 180000,
  netLiquidAssets: 25000,
  incomeSourceType: 6,
  incomeSourceOther: 'Consulting fees',
};

function fullProfile(firstName: string, email: string, sinLast: string) {
  return {
    ...savedProfile,
    firstName,
    sinMasked: `*** *** ${sinLast}`,
    maritalStatus: 2,
    email,
    confirmEmail: email,
    citizenshipId: 1,
    phones: [
      { type: 3, number: '4165550199' },
      { type: 2, number: '5145550123', extension: '42' },
    ],
    homeAddress: { ...montrealHome, postalCode: 'H2L 1S5' },
    mailingSameAsHome: false,
    mailingAddress: {
      suite: 'C.P. 123',
      streetNumber: '',
      streetName: 'Succursale B',
      city: 'Montréal',
      provinceId: 11,
      postalCode: 'H3B 3J5',
      countryId: 1,
    },
    movedWithinTwoYears: true,
    previousAddress: torontoHome,
    employmentStatus: 1,
    employerName: 'Hydro-Québec',
    industryId: 7,
    occupationId: 9,
    employerCountryId: 1,
    employerProvinceId: 11,
    employerCity: 'Montréal',
    annualIncome: 1234.56,
    netFixedAssets: 350000,
    netLiquidAssets: 90000.5,
    totalNetWorth: 440000.5,
    incomeSourceType: 6,
    incomeSourceOther: 'Rental income',
    spouse: employedSpouse,
  };
}

const declaredAffiliations = {
  isPep: true,
  pepName: 'Jean Tremblay',
  pepPosition: 'Deputy minister',
  pepCountryId: 1,
  isInsider: true,
  insiderCompanyName: 'Laurentian Rail',
  insiderSymbol: 'LRL',
  isDirector: true,
  directorCompanyName: 'Coop Laurentides',
  isDealerEmployee: true,
  dealerName: 'Valeurs Boréales',
  taxResidences: [
    { countryId: 1, tinMasked: '******544' },
    { countryId: 2, noTinReason: 3, noTinExplanation: 'Never lived there' },
  ],
  isUsPerson: true,
  usTinMasked: '*****6789',
  wantsTrustedContact: true,
  trustedContact: {
    firstName: 'Marie',
    lastName: 'Roy',
    relationship: 4,
    email: 'marie.roy@example.com',
    phone: '5145550100',
  },
};

export const everyAnswer: SavedSteps = {
  ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['respf', 'margin'] },
  options: { optionsTrading: true, strategies: [1, 3], shortSelling: true },
  account: { dapSettlementAgent: 'Banque Laurentienne', dapAgentAccountNumber: 'AB12CD34' },
  profile: fullProfile('Camille', 'camille.tremblay@example.com', '544'),
  profilejoint: {
    ...fullProfile('Alex', 'alex.gagnon@example.com', '046'),
    preferredLanguage: 'fr',
    shareholderId: '12345674',
    shareholderPercent: 40,
  },
  otherinterests: {
    businessRelationshipPurpose: 2,
    purposeOther: 'Family trust administration',
    intendedUse: { respf: 5, margin: 7 },
    investmentExperience: { primary: 5, joint: 8 },
    investmentKnowledge: { primary: 2, joint: 3 },
    riskTolerance: { primary: 2, joint: 3 },
    investmentTimeHorizon: { primary: 4, joint: 3 },
    // Options with limited knowledge: the warning was read.
    knowledgeWarningAcknowledged: true,
    tradingAuthority: { answer: true, thirdParties: [company] },
    guarantee: { answer: true, thirdParties: [{ ...attorney, name: 'Sophie Côté' }] },
    powerOfAttorney: {
      answer: true,
      thirdParties: [{ ...attorney, sinMasked: '*** *** 891' }],
    },
    securityholderInformation: 1,
    documentDelivery: 'electronic',
    correspondenceLanguage: 2,
    securityholderExplanationAcknowledged: true,
    disclosureAcknowledged: true,
    referralSource: 14,
    referralInstitution: 'Caisse Desjardins',
    referralBranch: 'Plateau',
    referralRepresentativeName: 'Paul Martin',
    isEmployeeOrAdvisor: true,
    workEmail: 'camille@hydro.example.com',
    affiliations: { primary: declaredAffiliations, joint: declaredAffiliations },
    beneficiaries: [
      {
        firstName: 'Léa',
        lastName: 'Tremblay',
        relationship: 3,
        percent: 60,
        differentAddress: true,
        address: torontoHome,
        caregiverAddress: montrealHome,
      },
      {
        firstName: 'Noé',
        lastName: 'Tremblay',
        relationship: 3,
        percent: 40,
        differentAddress: false,
      },
    ],
  },
};
