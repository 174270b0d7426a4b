import { z } from 'zod';
import { booleanFlag } from './config-value-schemas.ts';
import type { VariableDefinition } from './config-variables.ts';

/**
 * The real vendors' settings (issue 33): which provider each role uses and what it needs. A
 * role whose provider is set uses its real adapter, the others their sandboxes when
 * `SANDBOX_VENDORS=true` (mixed mode); `loadConfig` refuses a provider set without what it
 * needs, naming each missing variable. Every secret may also be given as a file (`NAME_FILE`).
 * docs/vendors.md says what each vendor receives and keeps.
 */

export const addressLookupProviderNames = ['sandbox', 'canadapost'] as const;
export type AddressLookupProviderName = (typeof addressLookupProviderNames)[number];
export const smsProviderNames = ['sandbox', 'twilio'] as const;
export const esignProviderNames = ['sandbox', 'docusign'] as const;
export const identityDocumentProviderNames = ['sandbox', 'onfido'] as const;
export const bankConnectionProviderNames = ['sandbox', 'flinks'] as const;
export const creditBureauProviderNames = ['sandbox', 'none'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));
const httpsUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));
const guid = (name: string) =>
  z
    .string()
    .trim()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      `${name} must be a GUID (8-4-4-4-12 hexadecimal digits)`,
    )
    .optional();
const timeoutMs = (fallback: number) =>
  z.coerce.number().int().min(100).max(60_000).default(fallback);

export const vendorVariables = {
  ADDRESS_LOOKUP_PROVIDER: {
    group: 'vendors',
    schema: z.enum(addressLookupProviderNames).default('sandbox'),
    description:
      'the address look-up vendor behind `addressLookup/*`: `sandbox` (a built-in index of ' +
      'Canadian addresses) or `canadapost` (Canada Post AddressComplete; needs ' +
      '`CANADA_POST_ADDRESSCOMPLETE_KEY`)',
  },
  CANADA_POST_ADDRESSCOMPLETE_KEY: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: 'an AddressComplete API key (`AA11-AA11-AA11-AA11`)',
    description:
      "the AddressComplete key, used by the server only (the browser never sees it); restrict it to the servers' addresses in Canada Post's dashboard",
    secret: true,
  },
  CANADA_POST_ADDRESSCOMPLETE_URL: {
    group: 'vendors',
    schema: httpsUrl('https://ws1.postescanada-canadapost.ca'),
    values: 'an https URL',
    description: "AddressComplete's address; tests point it at a local stand-in",
  },
  ADDRESS_LOOKUP_TIMEOUT_MS: {
    group: 'vendors',
    schema: timeoutMs(4000),
    description:
      'how long one address look-up call may take (asked once more on a network failure or a ' +
      '5xx) before the person is told to type the address',
  },
  SMS_PROVIDER: {
    group: 'vendors',
    schema: z.enum(smsProviderNames).default('sandbox'),
    description:
      'who sends text messages (sign-in codes, phone hand-off links, notices): `sandbox` (the ' +
      'sandbox mailbox) or `twilio` (Twilio Programmable Messaging; needs `TWILIO_ACCOUNT_SID`, ' +
      '`TWILIO_AUTH_TOKEN`, `TWILIO_FROM` or `TWILIO_MESSAGING_SERVICE_SID`, and `PUBLIC_URL` for ' +
      'its delivery reports)',
  },
  TWILIO_ACCOUNT_SID: {
    group: 'vendors',
    schema: z
      .string()
      .regex(/^AC[0-9a-f]{32}$/, 'TWILIO_ACCOUNT_SID must be AC and 32 hexadecimal digits')
      .optional(),
    default: '(unset)',
    values: '`AC` and 32 hexadecimal digits',
    description: 'the Twilio account that sends the texts',
  },
  TWILIO_AUTH_TOKEN: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: "the account's auth token",
    description:
      "signs in to Twilio's API and checks the signature of its delivery reports " +
      '(`X-Twilio-Signature`); rotate it in the console, then here',
    secret: true,
  },
  TWILIO_FROM: {
    group: 'vendors',
    schema: z
      .string()
      .regex(
        /^\+1\d{10}$/,
        'TWILIO_FROM must be a North American number in E.164, +1 and ten digits',
      )
      .optional(),
    default: '(unset)',
    values: '`+1` and ten digits',
    description:
      'the sender: a Canadian long code or a verified toll-free number (not both this and ' +
      '`TWILIO_MESSAGING_SERVICE_SID`)',
  },
  TWILIO_MESSAGING_SERVICE_SID: {
    group: 'vendors',
    schema: z
      .string()
      .regex(
        /^MG[0-9a-f]{32}$/,
        'TWILIO_MESSAGING_SERVICE_SID must be MG and 32 hexadecimal digits',
      )
      .optional(),
    default: '(unset)',
    values: '`MG` and 32 hexadecimal digits',
    description:
      'the sender as a Messaging Service holding Canadian numbers, instead of `TWILIO_FROM`',
  },
  TWILIO_API_URL: {
    group: 'vendors',
    schema: httpsUrl('https://api.twilio.com'),
    values: 'an https URL',
    description: "Twilio's API; the contract tests point it at a mock of Twilio's OpenAPI document",
  },
  SMS_TIMEOUT_MS: {
    group: 'vendors',
    schema: timeoutMs(10_000),
    description:
      'how long one send to Twilio may take; past it the outbox tries again later (a code may ' +
      'then arrive twice: Twilio takes no idempotency key)',
  },
  ESIGN_PROVIDER: {
    group: 'vendors',
    schema: z.enum(esignProviderNames).default('sandbox'),
    description:
      'who holds the envelopes people sign (applications, transfer authorizations): `sandbox` ' +
      "(the built-in ceremony under `/sandbox/esign`) or `docusign` (DocuSign eSignature's " +
      'embedded signing; needs `DOCUSIGN_INTEGRATION_KEY`, `DOCUSIGN_USER_ID`, ' +
      '`DOCUSIGN_PRIVATE_KEY`, `DOCUSIGN_CONNECT_HMAC_KEYS` and `PUBLIC_URL`)',
  },
  DOCUSIGN_INTEGRATION_KEY: {
    group: 'vendors',
    schema: guid('DOCUSIGN_INTEGRATION_KEY'),
    default: '(unset)',
    values: 'a GUID',
    description: "the app's integration key (its OAuth client id) in DocuSign's Apps and Keys page",
  },
  DOCUSIGN_USER_ID: {
    group: 'vendors',
    schema: guid('DOCUSIGN_USER_ID'),
    default: '(unset)',
    values: 'a GUID',
    description:
      'the DocuSign user the portal sends envelopes as (JWT grant, impersonated); that user ' +
      'grants consent once (docs/vendors.md)',
  },
  DOCUSIGN_PRIVATE_KEY: {
    group: 'vendors',
    schema: z
      .string()
      .optional()
      .transform((value) => (value?.trim() ? value.trim() : undefined))
      .refine(
        (value) => value === undefined || /^-----BEGIN (RSA )?PRIVATE KEY-----/.test(value),
        'DOCUSIGN_PRIVATE_KEY must be a PEM RSA private key (-----BEGIN RSA PRIVATE KEY-----)',
      ),
    default: '(unset)',
    values: 'a PEM RSA private key; usually `DOCUSIGN_PRIVATE_KEY_FILE`',
    description:
      "the RSA key pair's private half that signs the JWT grant (the public half is on the " +
      'integration key in DocuSign)',
    secret: true,
  },
  DOCUSIGN_AUTH_SERVER: {
    group: 'vendors',
    schema: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'DOCUSIGN_AUTH_SERVER is a host name, without https://')
      .default('account.docusign.com'),
    values: '`account.docusign.com` (production) or `account-d.docusign.com` (developer account)',
    description:
      "DocuSign's OAuth server; the account's own API host (a Canadian account's included) is " +
      'read from it at the first call, never configured',
  },
  DOCUSIGN_ACCOUNT_ID: {
    group: 'vendors',
    schema: guid('DOCUSIGN_ACCOUNT_ID'),
    default: "(the user's default account)",
    values: 'a GUID',
    description: 'the DocuSign account the envelopes belong to, when the user has several',
  },
  DOCUSIGN_CONNECT_HMAC_KEYS: {
    group: 'vendors',
    schema: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .transform((keys) => (keys && keys.length > 0 ? keys : undefined)),
    default: '(unset)',
    values: 'one or more Connect HMAC keys, comma-separated',
    description:
      'the keys DocuSign Connect signs its events with (`X-DocuSign-Signature-1` ...); list the ' +
      'new key beside the old while rotating: one match suffices',
    secret: true,
  },
  ESIGN_TIMEOUT_MS: {
    group: 'vendors',
    schema: timeoutMs(15_000),
    description:
      'how long one call to DocuSign may take before the person is told to try again (nothing ' +
      'is lost: the step stays where it was)',
  },
  CREDIT_BUREAU_PROVIDER: {
    group: 'vendors',
    schema: z.enum(creditBureauProviderNames).optional(),
    default: '`sandbox` with sandbox vendors, else `none`',
    description:
      'who asks the credit-file questions: `sandbox` (docs/sandbox.md) or `none`, and the ' +
      'identity step then offers photo ID, two documents and manual review only (no bureau ' +
      'publishes a public contract for its questions, so no real adapter exists yet)',
  },
  IDENTITY_DOCUMENT_PROVIDER: {
    group: 'vendors',
    schema: z.enum(identityDocumentProviderNames).default('sandbox'),
    description:
      'who checks the photo ID and the selfie the phone pages capture: `sandbox` (decides by ' +
      "the front picture's file name, docs/sandbox.md) or `onfido` (Onfido API v3.6; needs " +
      '`ONFIDO_API_TOKEN` and `ONFIDO_WEBHOOK_TOKEN`)',
  },
  ONFIDO_API_TOKEN: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: 'an Onfido API token (`api_live...` or `api_sandbox...`)',
    description: "signs the server's calls to Onfido; the browser never sees it",
    secret: true,
  },
  ONFIDO_WEBHOOK_TOKEN: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: "the webhook's token Onfido shows when the webhook is registered",
    description:
      "checks the signature of Onfido's webhooks (`X-SHA2-Signature`) at `/webhooks/onfido`",
    secret: true,
  },
  ONFIDO_REGION: {
    group: 'vendors',
    schema: z.enum(['ca', 'eu', 'us']).default('ca'),
    description:
      'the region of the Onfido account, where the images are processed and kept: `ca` ' +
      '(api.ca.onfido.com) for a Canadian brokerage',
  },
  ONFIDO_API_URL: {
    group: 'vendors',
    schema: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value?.replace(/\/+$/, '')),
    default: "(the region's address)",
    values: 'an https URL',
    description: "Onfido's API address; the contract tests point it at a mock of Onfido's document",
  },
  IDENTITY_DOCUMENT_TIMEOUT_MS: {
    group: 'vendors',
    schema: timeoutMs(30_000),
    description:
      'how long one call to Onfido may take (an upload included) before the person is told to ' +
      'try again or take another method',
  },
  BANK_CONNECTION_PROVIDER: {
    group: 'vendors',
    schema: z.enum(bankConnectionProviderNames).default('sandbox'),
    description:
      "who connects a person's bank account on the funding step: `sandbox` (the built-in frame " +
      'under `/sandbox/bank-connection`, docs/sandbox.md) or `flinks` (Flinks Connect and API; ' +
      'needs `FLINKS_CUSTOMER_ID`, `FLINKS_API_URL`, `FLINKS_CONNECT_URL`, `FLINKS_API_KEY` and ' +
      '`FLINKS_SECRET_KEY`)',
  },
  FLINKS_CUSTOMER_ID: {
    group: 'vendors',
    schema: guid('FLINKS_CUSTOMER_ID'),
    default: '(unset)',
    values: 'a GUID',
    description: "the instance's customer id Flinks gives (the `{customerId}` of its API paths)",
  },
  FLINKS_API_URL: {
    group: 'vendors',
    schema: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value?.replace(/\/+$/, '')),
    default: '(unset)',
    values: '`https://{instance}-api.private.fin.ag`',
    description:
      "the instance's API address, without `/v3/...`; the contract tests point it at a stand-in",
  },
  FLINKS_CONNECT_URL: {
    group: 'vendors',
    schema: z.url({ protocol: /^https?$/ }).optional(),
    default: '(unset)',
    values: '`https://{instance}-iframe.private.fin.ag/v2/`',
    description:
      "Flinks Connect's address, shown in a frame on the funding step; its origin is the only " +
      'other site the pages may frame (`frame-src`) and the only one whose messages the page reads',
  },
  FLINKS_API_KEY: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: 'the `x-api-key` Flinks gives',
    description: "signs the server's data calls to Flinks (`x-api-key`); the browser never sees it",
    secret: true,
  },
  FLINKS_SECRET_KEY: {
    group: 'vendors',
    schema: optionalText,
    default: '(unset)',
    values: 'the secret key Flinks gives (a GUID)',
    description:
      'asks Flinks for the single-use authorize token of each attempt (`flinks-auth-key` of ' +
      '`/GenerateAuthorizeToken`); never sent to the browser, which only sees the token',
    secret: true,
  },
  BANK_CONNECTION_TIMEOUT_MS: {
    group: 'vendors',
    schema: timeoutMs(15_000),
    description:
      'how long one call to Flinks may take (asked once more after a network failure or a 5xx); ' +
      "the reading of a login's accounts as a whole is bounded by the spec's 1,830,000 ms",
  },
  FLINKS_KEEP_CONNECTION: {
    group: 'vendors',
    schema: booleanFlag.default(false),
    default: '`false`',
    values: '`true` or `false`',
    description:
      'keep the login at Flinks once its numbers are read (to connect it again later without ' +
      'signing in); `false` deletes it at once (`/DeleteCard`), keeping only what funding needs',
  },
} as const satisfies Record<string, VariableDefinition>;

/** What each real provider cannot start without: the variable choosing it, and its needs. */
export const requiredVendorSettings: readonly {
  chosenBy: string;
  provider: string;
  needs: readonly string[];
}[] = [
  {
    chosenBy: 'ADDRESS_LOOKUP_PROVIDER',
    provider: 'canadapost',
    needs: ['CANADA_POST_ADDRESSCOMPLETE_KEY'],
  },
  {
    chosenBy: 'SMS_PROVIDER',
    provider: 'twilio',
    needs: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'PUBLIC_URL'],
  },
  {
    chosenBy: 'ESIGN_PROVIDER',
    provider: 'docusign',
    needs: [
      'DOCUSIGN_INTEGRATION_KEY',
      'DOCUSIGN_USER_ID',
      'DOCUSIGN_PRIVATE_KEY',
      'DOCUSIGN_CONNECT_HMAC_KEYS',
      'PUBLIC_URL',
    ],
  },
  {
    chosenBy: 'IDENTITY_DOCUMENT_PROVIDER',
    provider: 'onfido',
    needs: ['ONFIDO_API_TOKEN', 'ONFIDO_WEBHOOK_TOKEN'],
  },
  {
    chosenBy: 'BANK_CONNECTION_PROVIDER',
    provider: 'flinks',
    needs: [
      'FLINKS_CUSTOMER_ID',
      'FLINKS_API_URL',
      'FLINKS_CONNECT_URL',
      'FLINKS_API_KEY',
      'FLINKS_SECRET_KEY',
    ],
  },
];
