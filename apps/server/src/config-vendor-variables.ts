import { z } from 'zod';
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

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));
const httpsUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));
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
];
