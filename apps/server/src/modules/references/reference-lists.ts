/** The reference lists of spec section 7 (`GET references/{list}`). */
export const referenceLists = [
  'provinceStates',
  'citizenships',
  'countries',
  'businessTypes',
  'occupationTypes',
  'iirocDealers',
] as const;

export type ReferenceList = (typeof referenceLists)[number];
