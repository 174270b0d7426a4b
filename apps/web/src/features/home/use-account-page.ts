import { useTranslation } from '../../lib/i18n.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useUpdateUserInfo } from '../../lib/user-info.tsx';
import { accountApi } from './account-api.ts';
import { usePageFormErrors } from './use-section-form.ts';

/**
 * What a page of the account's own (settings, verify email) starts from: the account
 * catalogue (bundled with these screens) and its `t`, the account's settings loading, the
 * header's user to keep in step with them, and which of its forms show errors (for the title).
 */
export function useAccountPage() {
  const { t } = useTranslation('account');
  const updateUser = useUpdateUserInfo();
  const { resource, retry, set } = useResource(accountApi.get);
  const errors = usePageFormErrors();
  return { t, updateUser, resource, retry, set, errors };
}
