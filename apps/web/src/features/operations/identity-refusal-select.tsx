import {
  identityRefusalReasons,
  type IdentityRefusalReason,
} from '@portal/domain/operations/operations-api';
import { useTranslation } from '../../lib/i18n.ts';
import { SelectField } from '../../ui/select-field.tsx';

/** Why staff refuse an identity attempt: the refusal the person is told, chosen from the list. */
export function IdentityRefusalSelect({
  id,
  value,
  missing,
  onChange,
}: {
  id: string;
  value: IdentityRefusalReason | '';
  /** Sent without a choice: the field says it is required. */
  missing: boolean;
  onChange(value: IdentityRefusalReason | ''): void;
}) {
  const { t } = useTranslation('operations');
  return (
    <SelectField
      id={id}
      label={t('identity.refusal')}
      error={missing ? t('errors.required') : undefined}
      value={value}
      onChange={(chosen) => onChange(chosen as IdentityRefusalReason | '')}
      options={[
        { id: '', label: t('identity.chooseRefusal') },
        ...identityRefusalReasons.map((reason) => ({
          id: reason,
          label: t(`identity.refusals.${reason}`),
        })),
      ]}
    />
  );
}
