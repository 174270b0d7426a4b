import { describe, expect, it } from 'vitest';
import type { SavedSteps } from '../rules/onboarding-flow.ts';
import { savedProfile } from '../rules/profile.fixtures.ts';
import {
  answersOutline,
  type OutlineRow,
  type OutlineSection,
  type ReferenceLabel,
} from './answers-outline.ts';
import { everyAnswer } from './answers.fixtures.ts';

const references: ReferenceLabel = (list, id) => `${list} #${String(id)}`;

const rowsOf = (sections: OutlineSection[]) => sections.flatMap((section) => section.rows);
const valueText = (row: OutlineRow) =>
  Array.isArray(row.value) ? row.value.join(' | ') : row.value;
const textOf = (sections: OutlineSection[]) =>
  sections
    .map(
      (section) =>
        `## ${section.heading}\n${section.rows.map((row) => `${row.label}: ${valueText(row)}`).join('\n')}`,
    )
    .join('\n');
const row = (sections: OutlineSection[], id: string) => {
  const found = rowsOf(sections).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
};

/** Every answered leaf of the saved steps, as `step.path.to.answer`. */
function leavesOf(value: unknown, path: string): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leavesOf(item, `${path}.${index}`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, `${path}.${key}`));
  }
  return value === undefined || value === '' ? [] : [path];
}

// Answers shown inside the row of the question that asked for them (`Yes: name, position`).
const shownWithin: [RegExp, string][] = [
  [/\.(pepName|pepPosition|pepCountryId)$/, '.isPep'],
  [/\.(insiderCompanyName|insiderSymbol)$/, '.isInsider'],
  [/\.directorCompanyName$/, '.isDirector'],
  [/\.dealerName$/, '.isDealerEmployee'],
  [/\.usTinMasked$/, '.isUsPerson'],
  [/\.(employerCountryId|employerProvinceId)$/, '.employerCity'],
  [/\.incomeSourceOther$/, '.incomeSourceType'],
  [/\.sinMasked$/, '.sin'],
  [/^otherinterests\.purposeOther$/, 'otherinterests.businessRelationshipPurpose'],
  [
    /^otherinterests\.(referralBranch|referralRepresentativeName)$/,
    'otherinterests.referralInstitution',
  ],
  [/\.(title|firstName|lastName)$/, '.name'],
  [/^otherinterests\.affiliations\.(primary|joint)\.wantsTrustedContact$/, '.trustedContact.name'],
];
// What is not an answer of its own: the repeated email, the plan list the accounts row shows.
const notAnswers = [/\.confirmEmail$/, /\.mailingSameAsHome$/];

describe('the outline of the answers', () => {
  it('has a row with a value for every answer the applicant gave, and shows every typed text', () => {
    const sections = answersOutline(everyAnswer, 'en', { references, documents: [] });
    const rows = rowsOf(sections);
    const ids = rows.map((each) => each.id);
    const text = textOf(sections);
    for (const [step, saved] of Object.entries(everyAnswer)) {
      for (const leaf of leavesOf(saved, step)) {
        if (notAnswers.some((pattern) => pattern.test(leaf))) continue;
        // An answer in a list (a phone, a residence, a beneficiary) belongs to the list's row.
        let path = leaf.split(/\.\d+/)[0] ?? leaf;
        const rule = shownWithin.find(([pattern]) => pattern.test(path));
        if (rule) {
          const replacement = rule[1];
          path = replacement.startsWith('.') ? path.replace(/\.[^.]+$/, replacement) : replacement;
        }
        // Rows of lists and of a nested object (an address) answer for everything inside.
        const holder = ids.find((id) => path === id || path.startsWith(`${id}.`));
        expect(holder, `row for ${leaf}`).toBeDefined();
        expect(valueText(rows.find((each) => each.id === holder) as OutlineRow), leaf).not.toBe('');
      }
    }
    // Free text is shown as typed.
    for (const typed of [
      'Hydro-Québec',
      'Rental income',
      'Consulting fees',
      'Bombardier',
      'Family trust administration',
      'Caisse Desjardins',
      'Gestion Tremblay inc.',
      'Sophie Côté',
      'Deputy minister',
      'Laurentian Rail, LRL',
      'Coop Laurentides',
      'Valeurs Boréales',
      'Never lived there',
      '*****6789',
      '*** *** 891',
      'camille@hydro.example.com',
      'marie.roy@example.com',
      'Banque Laurentienne',
      'AB12CD34',
      'Succursale B',
    ]) {
      expect(text).toContain(typed);
    }
  });

  it('formats phones, postal codes, money and dates in English', () => {
    const steps: SavedSteps = {
      ...everyAnswer,
      profile: {
        ...(everyAnswer.profile as object),
        homeAddress: { ...savedProfile.homeAddress, postalCode: 'h2l1s5' },
      },
    };
    const sections = answersOutline(steps, 'en', { references });
    expect(row(sections, 'profile.phones').value).toEqual([
      'Mobile: (416) 555-0199',
      'Business: (514) 555-0123 ext. 42',
    ]);
    expect(row(sections, 'profile.homeAddress').value).toBe(
      '1200 rue Sainte-Catherine Ouest, Montréal, provinceStates #11  H2L 1S5, countries #1',
    );
    expect(row(sections, 'profile.annualIncome').value).toBe('$1,234.56');
    expect(row(sections, 'profile.netFixedAssets').value).toBe('$350,000');
    expect(row(sections, 'profile.birthDate').value).toBe('March 27, 1985');
    expect(row(sections, 'profile.previousAddress').value).toBe(
      '1204-55 Bloor Street West, Toronto, provinceStates #5  M4W 1A5, countries #1',
    );
  });

  it('formats them the French way, with French labels', () => {
    const sections = answersOutline(everyAnswer, 'fr');
    expect(row(sections, 'profile.annualIncome')).toMatchObject({
      label: 'Revenu annuel',
      value: '1\u00a0234,56\u00a0$',
    });
    expect(row(sections, 'profile.birthDate').value).toBe('27 mars 1985');
    expect(row(sections, 'profile.phones').value).toEqual([
      'Cellulaire\u00a0: (416) 555-0199',
      'Travail\u00a0: (514) 555-0123 poste 42',
    ]);
    // Without the reference lists, the domain's own province and country names.
    expect(row(sections, 'profile.homeAddress').value).toBe(
      '1200 rue Sainte-Catherine Ouest, Montréal, Québec  H2L 1S5, Canada',
    );
    expect(sections.map((section) => section.heading)).toContain('Vos comptes');
    expect(textOf(sections)).not.toMatch(/Annual income|Your profile/);
  });

  it('gives each person of a joint application their own sections, saying whose they are', () => {
    const sections = answersOutline(everyAnswer, 'en');
    const headings = sections.map((section) => [section.heading, section.changeStep]);
    expect(headings).toEqual(
      expect.arrayContaining([
        ['Your profile', 'profile'],
        ['Your employment', 'profile'],
        ['Your spouse', 'profile'],
        ['Your spouse’s employment and income', 'profile'],
        ['The joint applicant’s profile', 'profilejoint'],
        ['The joint applicant’s spouse', 'profilejoint'],
        ['The joint applicant’s affiliations and tax residence', 'otherinterests'],
      ]),
    );
    expect(row(sections, 'profilejoint.name').value).toBe('Ms. Alex Tremblay');
    expect(row(sections, 'profile.spouse.name').value).toBe('Mr. Luc Gagnon');
    expect(row(sections, 'profile.spouse.netLiquidAssets').value).toBe('$25,000');
    expect(row(sections, 'otherinterests.investmentExperience.joint')).toMatchObject({
      label: 'The joint applicant’s investment experience',
      value: ['Options'],
    });
    const record = answersOutline(everyAnswer, 'fr', { voice: 'record' });
    expect(record.map((section) => section.heading)).toEqual(
      expect.arrayContaining([
        'Demandeur principal',
        'Codemandeur',
        'Conjoint ou conjointe du codemandeur',
      ]),
    );
  });

  it('shows each applicant’s risk tolerance and time horizon, the warning read, and the joint applicant’s language', () => {
    const sections = answersOutline(everyAnswer, 'fr');
    expect(row(sections, 'otherinterests.riskTolerance.joint')).toMatchObject({
      label: 'La tolérance au risque du codemandeur',
      value: expect.stringMatching(/^Élevée/),
    });
    expect(row(sections, 'otherinterests.investmentTimeHorizon.primary')).toMatchObject({
      label: 'Quand vous aurez besoin de l’argent',
      value: 'Dans plus de 10 ans',
    });
    expect(row(sections, 'otherinterests.knowledgeWarningAcknowledged').value).toBe('Oui');
    expect(row(sections, 'profilejoint.preferredLanguage')).toMatchObject({
      label: 'Langue de préférence pour la correspondance et les documents',
      value: 'Français',
    });
    const english = answersOutline(everyAnswer, 'en', { voice: 'record' });
    expect(row(english, 'otherinterests.riskTolerance.primary')).toMatchObject({
      label: 'Risk tolerance (primary applicant)',
      value: 'Medium: I accept some ups and downs for more growth over time',
    });
  });

  it('leaves out the spouse, the employer and the joint applicant where they were not asked', () => {
    // A retiree saved before the employer was asked of everyone (spec line 132).
    const beforeEmployerAsked: Record<string, unknown> = { ...savedProfile };
    for (const field of [
      'employerName',
      'industryId',
      'occupationId',
      'employerCountryId',
      'employerProvinceId',
      'employerCity',
    ]) {
      delete beforeEmployerAsked[field];
    }
    const sections = answersOutline(
      {
        ownership: { ownershipTypeId: 1 },
        allaccounts: { accounts: ['tfsa'] },
        profile: beforeEmployerAsked,
      },
      'en',
    );
    const ids = rowsOf(sections).map((each) => each.id);
    expect(ids).not.toContain('profile.employerName');
    expect(ids).not.toContain('profile.previousAddress');
    expect(ids.some((id) => id.startsWith('profile.spouse') || id.startsWith('profilejoint'))).toBe(
      false,
    );
    expect(row(sections, 'profile.mailingAddress').value).toBe('Same as the home address');
    // Asked and not answered yet: the row stays, empty.
    expect(row(sections, 'profile.citizenshipId').value).toBe('');
  });

  it('never shows a SIN or TIN other than masked', () => {
    const steps: SavedSteps = {
      ...everyAnswer,
      profile: { ...(everyAnswer.profile as object), sin: '130692544', sinEncrypted: 'v1:aaaa' },
    };
    const text = textOf(answersOutline(steps, 'en'));
    expect(text).not.toContain('130692544');
    expect(text).not.toContain('v1:');
    expect(text).toContain('*** *** 544');
  });

  it('names the documents sent, with their type', () => {
    const sections = answersOutline(everyAnswer, 'fr', {
      documents: [{ documentType: 'utilityBill', fileName: 'hydro-mars.pdf' }],
    });
    expect(row(sections, 'documents.uploaded').value).toEqual([
      'hydro-mars.pdf (Facture de services publics)',
    ]);
    expect(
      row(answersOutline(everyAnswer, 'en', { documents: [] }), 'documents.uploaded').value,
    ).toBe('None sent');
  });

  it('says a Quebec resident names the plan’s beneficiaries by will, not that it goes to the estate', () => {
    const steps: SavedSteps = {
      ...everyAnswer,
      ownership: { ownershipTypeId: 1 },
      allaccounts: { accounts: ['tfsa'] },
      otherinterests: { ...(everyAnswer.otherinterests as object), beneficiaries: undefined },
    };
    delete steps.profilejoint;
    for (const language of ['en', 'fr'] as const) {
      const value = valueText(row(answersOutline(steps, language), 'otherinterests.beneficiaries'));
      expect(value).toMatch(language === 'en' ? /will/ : /testament/);
      expect(value).not.toMatch(/estate|succession/i);
    }
  });
});

describe('the recorded choices of the outline (issue 12 items 10 and 16)', () => {
  const single: SavedSteps = { ...everyAnswer, ownership: { ownershipTypeId: 1 } };
  delete single.profilejoint;
  const affiliations = (everyAnswer.otherinterests as { affiliations: { primary: object } })
    .affiliations;

  it('dates a declined trusted contact', () => {
    const steps: SavedSteps = {
      ...single,
      otherinterests: {
        ...(single.otherinterests as object),
        affiliations: {
          primary: {
            ...affiliations.primary,
            wantsTrustedContact: false,
            trustedContact: undefined,
            trustedContactDeclinedAt: '2026-11-23T15:00:00.000Z',
          },
        },
      },
    };
    const id = 'otherinterests.affiliations.primary.wantsTrustedContact';
    expect(valueText(row(answersOutline(steps, 'en'), id))).toBe(
      'No: declined on November 23, 2026',
    );
    expect(valueText(row(answersOutline(steps, 'fr'), id))).toBe(
      'Non\u00a0: refus noté le 23 novembre 2026',
    );
  });

  it('shows the language the agreements bind in, and when English was expressly chosen', () => {
    const agreed = (agreement: object): SavedSteps => ({ ...single, review: { agreement } });
    const id = 'review.agreement.language';
    expect(answersOutline(single, 'en').some((section) => section.id === 'review')).toBe(false);
    expect(valueText(row(answersOutline(agreed({ language: 'fr' }), 'en'), id))).toBe('French');
    const english = agreed({
      language: 'en',
      englishChoice: { chosenAt: '2026-11-23T15:00:00.000Z', wording: {} },
    });
    expect(valueText(row(answersOutline(english, 'en'), id))).toBe(
      'English, expressly chosen on November 23, 2026, after the French version was given',
    );
    expect(valueText(row(answersOutline(english, 'fr'), id))).toBe(
      'Anglais, choisi expressément le 23 novembre 2026, après la remise de la version française',
    );
  });

  it('shows the language the joint applicant’s own agreement binds in (ADR 0016)', () => {
    const steps: SavedSteps = {
      ...single,
      review: {
        agreement: { language: 'en' },
        jointAgreement: {
          language: 'en',
          englishChoice: { chosenAt: '2026-11-24T15:00:00.000Z', wording: {} },
        },
      },
    };
    const id = 'review.jointAgreement.language';
    expect(row(answersOutline(steps, 'en'), id)?.label).toBe(
      'Language of the joint applicant’s customer agreements',
    );
    expect(valueText(row(answersOutline(steps, 'en'), id))).toBe(
      'English, expressly chosen on November 24, 2026, after the French version was given',
    );
    expect(row(answersOutline(steps, 'fr'), id)?.label).toBe(
      'Langue des conventions du client du codemandeur',
    );
    expect(valueText(row(answersOutline(steps, 'fr'), id))).toBe(
      'Anglais, choisi expressément le 24 novembre 2026, après la remise de la version française',
    );
  });
});
