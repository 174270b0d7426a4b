import { MAILBOX_SECRET_HEADER } from '../modules/outbox/sandbox-mailbox-access.ts';

/** The sandbox mailbox's secret in every test app (`testConfig`). */
export const TEST_MAILBOX_SECRET = 'test-mailbox-secret-test-mailbox-secret-01';

/** What a test sends to read the sandbox mailbox, as the end-to-end suite does. */
export const mailboxHeaders = { [MAILBOX_SECRET_HEADER]: TEST_MAILBOX_SECRET };
