import { useTranslation } from '../../lib/i18n.ts';
import type { InvitationView } from '../../lib/advisor-api.ts';

/** An invitation's state in words; none sent says so. */
export function InvitationState({ invitation }: { invitation: InvitationView | null }) {
  const { t } = useTranslation('advisor');
  return <>{invitation ? t(`states.${invitation.state}`) : t('common.notSent')}</>;
}
