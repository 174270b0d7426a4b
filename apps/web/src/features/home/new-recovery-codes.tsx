import { useTranslation } from '../../lib/i18n.ts';
import { RECOVERY_CODE_COUNT } from '@portal/domain/rules/account-security';
import { accountApi } from './account-api.ts';
import { PasswordConfirm } from './password-confirm.tsx';

/** A new set of recovery codes, after the password; the old set stops working. */
export function NewRecoveryCodes({
  onCodes,
  onCancel,
}: {
  onCodes(codes: string[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  return (
    <PasswordConfirm
      name="recovery-codes-new"
      heading={t('newCodes.heading')}
      submitLabel={t('newCodes.submit')}
      busyLabel={t('newCodes.getting')}
      send={(password) => accountApi.newRecoveryCodes(password)}
      onDone={(data) => onCodes(data.recoveryCodes)}
      onCancel={onCancel}
    >
      <p>{t('newCodes.explain', { count: RECOVERY_CODE_COUNT })}</p>
    </PasswordConfirm>
  );
}
