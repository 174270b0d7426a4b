import { useTranslation } from '../../../lib/i18n.ts';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import {
  jointRelationships,
  ownershipStepSchema,
  type JointRelationship,
} from '@portal/domain/rules/account-selection';
import type { Language } from '@portal/domain/enums/define-enum';
import { siteLinks } from '../../../lib/site-links.ts';
import { RadioChoices } from '../../../ui/choices.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

type Owner = 'individual' | 'joint' | 'nonPersonal';
interface Values {
  owner?: Owner;
  jointRelationship?: JointRelationship;
}

const fieldIds = { ownershipTypeId: 'owner', jointRelationship: 'jointRelationship' };

/** Step `ownership`: individual or joint; companies, organisations and trusts apply on paper. */
export function OwnershipStep() {
  const { t, i18n } = useTranslation('onboarding');
  const form = useStepForm<Values>({
    step: 'ownership',
    schema: ownershipStepSchema,
    fieldIds,
    initial: (saved) => {
      const data = saved as { ownershipTypeId?: number; jointRelationship?: JointRelationship };
      if (!data) return {};
      return {
        owner: data.ownershipTypeId === onboardingAccountTypes.Joint ? 'joint' : 'individual',
        jointRelationship: data.jointRelationship,
      };
    },
    toData: (values) => ({
      ownershipTypeId:
        values.owner === 'joint'
          ? onboardingAccountTypes.Joint
          : values.owner === 'individual'
            ? onboardingAccountTypes.Individual
            : undefined,
      ...(values.owner === 'joint' ? { jointRelationship: values.jointRelationship } : {}),
    }),
  });
  const language = i18n.language as Language;
  const nonPersonal = form.values.owner === 'nonPersonal';

  const relationship = (
    <RadioChoices
      id={fieldIds.jointRelationship}
      legend={t('ownership.relationshipLegend')}
      hint={t('ownership.relationshipHint')}
      error={form.errorFor('jointRelationship')}
      value={form.values.jointRelationship}
      onChange={(jointRelationship) => form.update({ ...form.values, jointRelationship })}
      choices={jointRelationships.map((value) => ({
        value,
        label: t(`ownership.relationships.${value}`),
      }))}
    />
  );

  return (
    <StepPage
      step="ownership"
      title={t('ownership.title')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
      hideSubmit={nonPersonal}
    >
      <RadioChoices<Owner>
        id={fieldIds.ownershipTypeId}
        legend={t('ownership.legend')}
        legendIsHeading
        hint={t('ownership.hint')}
        error={form.errorFor('ownershipTypeId')}
        value={form.values.owner}
        onChange={(owner) => form.update({ ...form.values, owner })}
        choices={[
          {
            value: 'individual',
            label: t('ownership.individual'),
            hint: t('ownership.individualHint'),
          },
          {
            value: 'joint',
            label: t('ownership.joint'),
            hint: t('ownership.jointHint'),
            reveal: relationship,
          },
          { value: 'nonPersonal', label: t('ownership.nonPersonal') },
        ]}
      />
      {nonPersonal && (
        <div className="notice" role="status">
          <h2>{t('ownership.paperTitle')}</h2>
          <p>{t('ownership.paperText')}</p>
          <a className="button button-primary" href={siteLinks.applicationDownload[language]}>
            {t('ownership.paperLink')}
          </a>
        </div>
      )}
    </StepPage>
  );
}
