/** How long sign-ins last and how failed attempts are slowed and locked. */
export interface SecurityPolicy {
  accessTokenIdleMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Failures per account before each further attempt is slowed. */
  slowAfterFailures: number;
  slowdownStepMs: number;
  slowdownMaxMs: number;
  accountLockAfterFailures: number;
  addressLockAfterFailures: number;
  lockMs: number;
  /** A failure count that stayed quiet this long starts again. */
  failureMemoryMs: number;
  /**
   * Accounts one address may create in an hour (each costs a password hash and a mail); the
   * tests, which register from one address, raise it.
   */
  registrationsPerAddressPerHour: number;
}

export const defaultSecurityPolicy: SecurityPolicy = {
  accessTokenIdleMs: 15 * 60_000,
  sessionIdleMs: 60 * 60_000,
  sessionMaxMs: 12 * 60 * 60_000,
  slowAfterFailures: 3,
  slowdownStepMs: 500,
  slowdownMaxMs: 4_000,
  accountLockAfterFailures: 10,
  addressLockAfterFailures: 50,
  lockMs: 15 * 60_000,
  failureMemoryMs: 60 * 60_000,
  registrationsPerAddressPerHour: 20,
};
