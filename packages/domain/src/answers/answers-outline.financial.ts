import {
  correspondenceLanguageLabels,
  correspondenceLanguages,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
  heardAboutUsSourceLabels,
  heardAboutUsSources,
  purposeTypeLabels,
  purposeTypes,
} from '../enums/preferences.ts';
import {
  experienceFlagsOf,
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
  investmentTimeHorizonLabels,
  investmentTimeHorizons,
  riskToleranceLabels,
  riskTolerances,
} from '../enums/investment.ts';
import {
  deliveryMethodLabels,
  deliveryMethods,
  intendedUseLabels,
  intendedUses,
} from '../rules/financial-background.ts';
import { chosenAccounts, stepApplies, type SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import type { PersonWords } from './answers-outline.labels.ts';
import {
  list,
  record,
  Rows,
  section,
  text,
  type OutlineSection,
  type Who,
} from './answers-outline.rows.ts';

// --- Financial background -------------------------------------------------------------------

function thirdPartyLine(party: unknown, f: OutlineFormat): string {
  const p = record(party);
  const parts = [text(p.name)];
  if (text(p.occupation)) parts.push(text(p.occupation));
  if (text(p.birthDate)) parts.push(f.say('thirdPartyBorn', { date: f.date(p.birthDate) }));
  if (text(p.sinMasked)) parts.push(text(p.sinMasked));
  if (text(p.incorporationNumber) || text(p.incorporationPlace)) {
    parts.push(
      f.say('thirdPartyIncorporated', {
        place: text(p.incorporationPlace),
        number: text(p.incorporationNumber),
      }),
    );
  }
  const address = f.address(p.address);
  if (address) parts.push(address);
  if (text(p.phone)) parts.push(f.phone(p.phone));
  return parts.filter(Boolean).join(', ');
}

export function financialSection(
  steps: SavedSteps,
  f: OutlineFormat,
  words: Record<Who, PersonWords>,
): OutlineSection | undefined {
  if (steps.otherinterests === undefined) return undefined;
  const { t } = f;
  const joint = stepApplies('profilejoint', steps);
  const background = record(steps.otherinterests);
  const rows = new Rows('otherinterests');
  rows.add(
    'businessRelationshipPurpose',
    t.purpose,
    background.businessRelationshipPurpose === purposeTypes.Other && text(background.purposeOther)
      ? text(background.purposeOther)
      : f.label(purposeTypes, purposeTypeLabels, background.businessRelationshipPurpose),
  );
  const uses = record(background.intendedUse);
  rows.add(
    'intendedUse',
    t.intendedUse,
    chosenAccounts(steps).map(
      (account) =>
        `${f.account(account)}${f.colon}${f.label(intendedUses, intendedUseLabels, uses[account])}`,
    ),
  );
  const experience = record(background.investmentExperience);
  const knowledge = record(background.investmentKnowledge);
  const people: Who[] = joint ? ['primary', 'joint'] : ['primary'];
  for (const who of people) {
    const flags = experience[who];
    rows.add(
      `investmentExperience.${who}`,
      words[who].experience,
      typeof flags === 'number'
        ? experienceFlagsOf(flags).map((flag) =>
            f.label(investmentExperienceFlags, investmentExperienceFlagLabels, flag),
          )
        : '',
    );
    rows.add(
      `investmentKnowledge.${who}`,
      words[who].knowledge,
      f.label(investmentKnowledgeLevels, investmentKnowledgeLevelLabels, knowledge[who]),
    );
    rows.add(
      `riskTolerance.${who}`,
      words[who].riskTolerance,
      f.label(riskTolerances, riskToleranceLabels, record(background.riskTolerance)[who]),
    );
    rows.add(
      `investmentTimeHorizon.${who}`,
      words[who].timeHorizon,
      f.label(
        investmentTimeHorizons,
        investmentTimeHorizonLabels,
        record(background.investmentTimeHorizon)[who],
      ),
    );
  }
  if (background.knowledgeWarningAcknowledged === true) {
    rows.add(
      'knowledgeWarningAcknowledged',
      t.knowledgeWarningAcknowledged,
      f.yesNo(background.knowledgeWarningAcknowledged),
    );
  }
  for (const question of ['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const) {
    const answer = record(background[question]);
    const parties = list(answer.thirdParties).map((party) => thirdPartyLine(party, f));
    rows.add(
      question,
      t[question],
      answer.answer === true && parties.length > 0
        ? parties.map((party) => `${t.yes}${f.colon}${party}`)
        : f.yesNo(answer.answer),
    );
  }
  rows.add(
    'securityholderInformation',
    t.securityholderInformation,
    f.label(
      documentDeliveryOptions,
      documentDeliveryOptionLabels,
      background.securityholderInformation,
    ),
  );
  rows.add(
    'securityholderExplanationAcknowledged',
    t.securityholderExplanationAcknowledged,
    f.yesNo(background.securityholderExplanationAcknowledged),
  );
  rows.add(
    'documentDelivery',
    t.documentDelivery,
    f.label(deliveryMethods, deliveryMethodLabels, background.documentDelivery),
  );
  rows.add(
    'correspondenceLanguage',
    t.correspondenceLanguage,
    f.label(
      correspondenceLanguages,
      correspondenceLanguageLabels,
      background.correspondenceLanguage,
    ),
  );
  rows.add(
    'disclosureAcknowledged',
    t.disclosureAcknowledged,
    f.yesNo(background.disclosureAcknowledged),
  );
  rows.add(
    'referralSource',
    t.referralSource,
    background.referralSource === heardAboutUsSources.Other && text(background.referralOther)
      ? text(background.referralOther)
      : f.label(heardAboutUsSources, heardAboutUsSourceLabels, background.referralSource),
  );
  const referral = [
    background.referralRepresentativeName,
    background.referralInstitution,
    background.referralBranch,
  ]
    .map(text)
    .filter(Boolean);
  if (referral.length > 0) rows.add('referralInstitution', t.referralDetails, referral.join(', '));
  rows.add('isEmployeeOrAdvisor', t.employeeOrAdvisor, f.yesNo(background.isEmployeeOrAdvisor));
  if (background.isEmployeeOrAdvisor === true) {
    rows.add('workEmail', t.workEmail, text(background.workEmail));
  }
  return section('otherinterests', t.financial, 'otherinterests', rows);
}
