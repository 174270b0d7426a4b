import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import { TextField } from '../../../ui/text-field.tsx';
import { formatAmount, parseAmount } from '../step/money.ts';
import type { ProfileValues, SectionProps } from './profile-values.ts';

/** The applicant's assets, and their net worth once both are amounts. */
export function FinancesSection({
  values,
  onChange: set,
  errorFor,
  joint,
}: SectionProps<ProfileValues> & { joint: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const fixed = parseAmount(values.netFixedAssets);
  const liquid = parseAmount(values.netLiquidAssets);
  const netWorth =
    typeof fixed === 'number' && typeof liquid === 'number' ? fixed + liquid : undefined;

  return (
    <>
      <h2 id="section-finances" tabIndex={-1}>
        {t('sections.finances')}
      </h2>
      <TextField
        id="netFixedAssets"
        label={t('fields.netFixedAssets')}
        hint={t(joint ? 'fields.netFixedAssetsHintJoint' : 'fields.netFixedAssetsHint')}
        value={values.netFixedAssets}
        onChange={(netFixedAssets) => set({ netFixedAssets })}
        error={errorFor('netFixedAssets')}
        width="short"
      />
      <TextField
        id="netLiquidAssets"
        label={t('fields.netLiquidAssets')}
        hint={t(joint ? 'fields.netLiquidAssetsHintJoint' : 'fields.netLiquidAssetsHint')}
        value={values.netLiquidAssets}
        onChange={(netLiquidAssets) => set({ netLiquidAssets })}
        error={errorFor('netLiquidAssets')}
        width="short"
      />
      {netWorth !== undefined && (
        <p aria-live="polite">
          {t('fields.totalNetWorth', { amount: formatAmount(netWorth, language) })}
        </p>
      )}
    </>
  );
}
