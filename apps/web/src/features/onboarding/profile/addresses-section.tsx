import { useTranslation } from '../../../lib/i18n.ts';
import { PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS } from '@portal/domain/constants';
import { RadioChoices } from '../../../ui/choices.tsx';
import { AddressFields, type AddressValue } from '../step/address-fields.tsx';
import type { ProfileValues, SectionProps } from './profile-values.ts';

/** Where the applicant lives, gets their mail, and lived before when they moved lately. */
export function AddressesSection({
  values,
  onChange: set,
  errorFor,
  joint,
  primaryHome,
}: SectionProps<ProfileValues> & {
  joint: boolean;
  /** The primary applicant's home, which the joint applicant may share. */
  primaryHome: AddressValue | undefined;
}) {
  const { t } = useTranslation('profile');
  const yesNo = [
    { value: 'yes' as const, label: t('yes', { ns: 'onboarding' }) },
    { value: 'no' as const, label: t('no', { ns: 'onboarding' }) },
  ];
  const addressErrors = (name: string) => (field: keyof AddressValue) =>
    errorFor(`${name}.${field}`) ?? (field === 'streetName' ? errorFor(name) : undefined);

  return (
    <>
      <AddressFields
        id="homeAddress"
        legend={t('sections.home')}
        hint={t(joint ? 'address.homeHintJoint' : 'address.homeHint')}
        value={values.homeAddress}
        sameAs={
          joint && primaryHome
            ? {
                label: t('address.sameHomeAsPrimary'),
                hint: t('address.sameHomeAsPrimaryHint'),
                address: primaryHome,
              }
            : undefined
        }
        onChange={(homeAddress) => set({ homeAddress })}
        errorFor={addressErrors('homeAddress')}
      />
      <RadioChoices
        id="mailingSameAsHome"
        legend={t(joint ? 'fields.mailingSameAsHomeJoint' : 'fields.mailingSameAsHome')}
        value={
          values.mailingSameAsHome === undefined
            ? undefined
            : values.mailingSameAsHome
              ? 'yes'
              : 'no'
        }
        onChange={(answer) => set({ mailingSameAsHome: answer === 'yes' })}
        error={errorFor('mailingSameAsHome')}
        choices={yesNo}
      />
      {values.mailingSameAsHome === false && (
        <AddressFields
          id="mailingAddress"
          legend={t('sections.mailing')}
          value={values.mailingAddress}
          onChange={(mailingAddress) => set({ mailingAddress })}
          errorFor={addressErrors('mailingAddress')}
        />
      )}
      <RadioChoices
        id="movedWithinTwoYears"
        legend={t(joint ? 'fields.movedWithinTwoYearsJoint' : 'fields.movedWithinTwoYears', {
          years: PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS,
        })}
        value={
          values.movedWithinTwoYears === undefined
            ? undefined
            : values.movedWithinTwoYears
              ? 'yes'
              : 'no'
        }
        onChange={(answer) => set({ movedWithinTwoYears: answer === 'yes' })}
        error={errorFor('movedWithinTwoYears')}
        choices={yesNo}
      />
      {values.movedWithinTwoYears === true && (
        <AddressFields
          id="previousAddress"
          legend={t('sections.previous')}
          hint={t(joint ? 'address.previousHintJoint' : 'address.previousHint')}
          value={values.previousAddress}
          onChange={(previousAddress) => set({ previousAddress })}
          errorFor={addressErrors('previousAddress')}
        />
      )}
    </>
  );
}
