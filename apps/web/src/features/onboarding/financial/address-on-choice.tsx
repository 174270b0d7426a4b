import type { ComponentProps } from 'react';
import { onChoice } from '../../../lib/on-demand.ts';
import { PartOnChoice } from '../../../ui/part-on-choice.tsx';
import type { AddressFields } from '../step/address-fields.tsx';

/**
 * The address fields with their look-up (React Aria's combo box, about 50 KB): on this step
 * they appear only on a choice (a beneficiary at another address, a third party), so they
 * download then, or as the person nears that choice, not with the step (issue 31, ADR 0031).
 */
const addressFields = onChoice(() => import('../step/address-fields.tsx'));

/** Starts the download as a person nears a choice that shows an address. */
export const nearAddressFields = (): void => addressFields.intent();

export function AddressFieldsOnChoice(props: ComponentProps<typeof AddressFields>) {
  return (
    <PartOnChoice part={addressFields}>
      {({ AddressFields: Fields }) => <Fields {...props} />}
    </PartOnChoice>
  );
}
