/** Complete answers of step `profile`, shared by the server and client tests. */

export const montrealHome = {
  streetNumber: '1200',
  streetName: 'rue Sainte-Catherine Ouest',
  city: 'Montréal',
  provinceId: 11,
  postalCode: 'H3B 1K9',
  countryId: 1,
};

/** A single retiree who lives where they get their mail; the SIN is added below. */
const answers = {
  title: 2,
  firstName: 'Camille',
  lastName: 'Tremblay',
  birthDate: '1985-03-27',
  maritalStatus: 1,
  email: 'camille@example.com',
  confirmEmail: 'camille@example.com',
  citizenshipId: 1,
  phones: [{ type: 3, number: '(514) 555-0199' }],
  homeAddress: montrealHome,
  mailingSameAsHome: true,
  movedWithinTwoYears: false,
  employmentStatus: 4,
  // Retired: the most recent employer, asked of everyone (spec line 132).
  employerName: 'Hydro-Québec',
  industryId: 7,
  occupationId: 9,
  employerCountryId: 1,
  employerProvinceId: 11,
  employerCity: 'Montréal',
  annualIncome: 48000,
  netFixedAssets: 350000,
  netLiquidAssets: 90000,
  incomeSourceType: 4,
};

/** The profile as the applicant answers the step. */
export const completeProfile = { ...answers, sin: '130 692 544' };

/** The same profile as the server gives it back: the SIN sealed, only its mask readable. */
export const savedProfile = { ...answers, sinMasked: '*** *** 544' };
