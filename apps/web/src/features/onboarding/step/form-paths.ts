import { useTranslation } from '../../../lib/i18n.ts';

/** The error message of the answer at a path of the step data (`affiliations.primary.isPep`). */
export type ErrorAt = (path: string) => string | undefined;

/** The element id of the answer at a path: dots become dashes (`affiliations-primary-isPep`). */
export const idOf = (path: string) => path.replace(/\./g, '-');

/** A yes/no question's radio value from its boolean answer. */
export const yesNoValue = (answer: boolean | undefined) =>
  answer === undefined ? undefined : answer ? ('yes' as const) : ('no' as const);

/** The Yes and No radios of a yes/no question, in the language chosen. */
export function useYesNoChoices() {
  const { t } = useTranslation('onboarding');
  return [
    { value: 'yes' as const, label: t('yes') },
    { value: 'no' as const, label: t('no') },
  ];
}

/** The parts of an address, in the order of its fields on the page. */
export const addressParts = [
  'suite',
  'streetNumber',
  'streetName',
  'city',
  'provinceId',
  'postalCode',
  'countryId',
] as const;
