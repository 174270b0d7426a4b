/** Spec section 3: identity verification screens. */
export const identityVerificationScreens = {
  None: 0,
  Landing: 1,
  DesktopSMSEntry: 2,
  ThirdPartyWorkflow: 3,
  PleaseWait: 4,
  LongWait: 5,
  Success: 6,
  Fail: 7,
  DocumentsUpload: 8,
  HardStop: 9,
} as const;
export type IdentityVerificationScreen =
  (typeof identityVerificationScreens)[keyof typeof identityVerificationScreens];

/** Spec section 3: verification statuses as the provider reports them. */
export const verificationStatuses = [
  'OK',
  'ERROR',
  'NOTSTARTED',
  'INCOMPLETE',
  'MATCH',
  'NOMATCH',
  'HARDSTOP',
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** Spec section 3: where verification is available. */
export const verificationAvailability = ['mobileEnabled', 'desktopEnabled'] as const;
export type VerificationAvailability = (typeof verificationAvailability)[number];
