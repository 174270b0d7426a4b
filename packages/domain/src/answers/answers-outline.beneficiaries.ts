import {
  beneficiaryDesignationLabels,
  beneficiaryDesignations,
  relationshipLabels,
  relationships,
} from '../enums/beneficiaries.ts';
import { provinces, type ProvinceCode } from '../enums/provinces.ts';
import { beneficiariesAllowed } from '../rules/beneficiaries.ts';
import { chosenAccounts, type SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import { list, record, Rows, section, text, type OutlineSection } from './answers-outline.rows.ts';

// --- Beneficiaries --------------------------------------------------------------------------

const provinceCodeOf = (id: unknown): ProvinceCode | undefined =>
  (Object.keys(provinces) as ProvinceCode[]).find((code) => provinces[code] === id);

export function beneficiariesSection(
  steps: SavedSteps,
  f: OutlineFormat,
): OutlineSection | undefined {
  const background = record(steps.otherinterests);
  const accounts = chosenAccounts(steps);
  const provinceCode = provinceCodeOf(record(record(steps.profile).homeAddress).provinceId);
  // Quebec designates these plans' beneficiaries by will: the review says so, as the
  // financial step did, rather than that the plan goes to the estate.
  const byWill =
    steps.otherinterests !== undefined &&
    provinceCode !== undefined &&
    !beneficiariesAllowed({ provinceCode, accounts });
  if (background.beneficiaries === undefined && !byWill) return undefined;
  const { t } = f;
  const beneficiaries = list(background.beneficiaries);
  const rows = new Rows('otherinterests');
  rows.add(
    'beneficiaries',
    t.beneficiaryList,
    beneficiaries.length === 0
      ? byWill
        ? t.beneficiariesByWill
        : t.noBeneficiaries
      : beneficiaries.map((beneficiary) => {
          const b = record(beneficiary);
          const name =
            b.relationship === relationships.Estate
              ? t.estate
              : `${text(b.firstName)} ${text(b.lastName)}`.trim() || t.estate;
          const designation = f.label(
            beneficiaryDesignations,
            beneficiaryDesignationLabels,
            b.designation,
          );
          const details = [
            designation ? f.say('designation', { designation }) : '',
            b.differentAddress === true && b.address !== undefined
              ? f.say('livesAt', { address: f.address(b.address) })
              : '',
            b.caregiverAddress !== undefined
              ? f.say('caregiverAt', { address: f.address(b.caregiverAddress) })
              : '',
          ].filter(Boolean);
          return (
            f.say('beneficiaryShare', {
              name,
              relationship: f.label(relationships, relationshipLabels, b.relationship),
              percent: f.percent(b.percent),
            }) + (details.length > 0 ? `; ${details.join('; ')}` : '')
          );
        }),
  );
  return section('beneficiaries', t.beneficiaries, 'otherinterests', rows);
}
