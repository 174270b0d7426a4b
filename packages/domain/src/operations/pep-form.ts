import { z } from 'zod';
import type { Bilingual } from '../enums/define-enum.ts';
import type { ApplicantRole } from '../rules/onboarding-flow.ts';

/**
 * The PEP/HIO form (issue 16; spec section 9): every applicant who declared being a politically
 * exposed person, the head of an international organization, or a family member or close
 * associate of one answers these questions within 21 days of submission, or the account is
 * restricted. The same questions make the on-screen form, the blank bilingual PDF and the
 * server's check of the answers, so the three cannot drift apart.
 *
 * Error codes are those of the other answer schemas (`required`, `invalid`, `tooLong`,
 * `endBeforeStart`); the screens turn them into messages.
 */

/** Who the person is, in FINTRAC's terms. */
export const pepCategories = {
  foreignPep: 'foreignPep',
  domesticPep: 'domesticPep',
  internationalOrganizationHead: 'internationalOrganizationHead',
  familyOrCloseAssociate: 'familyOrCloseAssociate',
} as const;
export type PepCategory = (typeof pepCategories)[keyof typeof pepCategories];

export const pepCategoryLabels = {
  foreignPep: {
    en: 'Politically exposed foreign person',
    fr: 'Personne politiquement exposée étrangère',
  },
  domesticPep: {
    en: 'Politically exposed domestic person (Canada)',
    fr: 'Personne politiquement exposée nationale (Canada)',
  },
  internationalOrganizationHead: {
    en: 'Head of an international organization',
    fr: 'Dirigeant d’une organisation internationale',
  },
  familyOrCloseAssociate: {
    en: 'Family member or close associate of one of the above',
    fr: 'Membre de la famille ou proche associé de l’une de ces personnes',
  },
} as const satisfies Record<PepCategory, Bilingual>;

/** The relationship to the exposed person, asked when the category is family or associate. */
export const pepRelationships = {
  spouse: 'spouse',
  child: 'child',
  parent: 'parent',
  sibling: 'sibling',
  closeAssociate: 'closeAssociate',
  other: 'other',
} as const;
export type PepRelationship = (typeof pepRelationships)[keyof typeof pepRelationships];

export const pepRelationshipLabels = {
  spouse: { en: 'Spouse or common-law partner', fr: 'Conjoint ou conjoint de fait' },
  child: { en: 'Child', fr: 'Enfant' },
  parent: { en: 'Parent or step-parent', fr: 'Père, mère, beau-père ou belle-mère' },
  sibling: { en: 'Brother or sister', fr: 'Frère ou sœur' },
  closeAssociate: {
    en: 'Close business or personal associate',
    fr: 'Proche associé personnel ou d’affaires',
  },
  other: { en: 'Other family member', fr: 'Autre membre de la famille' },
} as const satisfies Record<PepRelationship, Bilingual>;

/** The questions, in the order the form asks them. */
export const pepFormFields = [
  'category',
  'relationship',
  'exposedPersonName',
  'position',
  'organization',
  'country',
  'heldFrom',
  'heldTo',
  'sourceOfWealth',
  'sourceOfFunds',
  'expectedActivity',
] as const;
export type PepFormField = (typeof pepFormFields)[number];

/** Each question's label and, where it helps, a hint; both languages. */
export const pepFormQuestions = {
  category: {
    label: { en: 'Which describes you?', fr: 'Laquelle de ces situations vous décrit?' },
  },
  relationship: {
    label: {
      en: 'Your relationship to the exposed person',
      fr: 'Votre lien avec la personne exposée',
    },
    hint: {
      en: 'Only if you are a family member or close associate.',
      fr: 'Seulement si vous êtes un membre de la famille ou un proche associé.',
    },
  },
  exposedPersonName: {
    label: { en: 'Name of the exposed person', fr: 'Nom de la personne exposée' },
    hint: {
      en: 'Only if you are a family member or close associate.',
      fr: 'Seulement si vous êtes un membre de la famille ou un proche associé.',
    },
  },
  position: {
    label: { en: 'Position or office held', fr: 'Poste ou fonction occupé' },
    hint: {
      en: 'For a family member or associate: the exposed person’s position.',
      fr: 'Pour un membre de la famille ou un associé : le poste de la personne exposée.',
    },
  },
  organization: {
    label: {
      en: 'Organization, government or institution',
      fr: 'Organisation, gouvernement ou institution',
    },
  },
  country: { label: { en: 'Country', fr: 'Pays' } },
  heldFrom: {
    label: { en: 'Held since', fr: 'Occupé depuis' },
    hint: { en: 'Date (YYYY-MM-DD).', fr: 'Date (AAAA-MM-JJ).' },
  },
  heldTo: {
    label: { en: 'Held until', fr: 'Occupé jusqu’au' },
    hint: {
      en: 'Leave empty if the position is still held.',
      fr: 'Laissez vide si le poste est toujours occupé.',
    },
  },
  sourceOfWealth: {
    label: { en: 'Source of your wealth', fr: 'Source de votre patrimoine' },
    hint: {
      en: 'How you built your overall assets: employment, business, inheritance, investments…',
      fr: 'Comment vous avez constitué l’ensemble de vos avoirs : emploi, entreprise, héritage, placements…',
    },
  },
  sourceOfFunds: {
    label: {
      en: 'Source of the funds for this account',
      fr: 'Provenance des fonds de ce compte',
    },
    hint: {
      en: 'Where the money you will deposit comes from.',
      fr: 'D’où provient l’argent que vous déposerez.',
    },
  },
  expectedActivity: {
    label: { en: 'Expected account activity', fr: 'Activité prévue dans le compte' },
    hint: {
      en: 'Deposits, withdrawals and trading you expect, and how often.',
      fr: 'Dépôts, retraits et opérations prévus, et leur fréquence.',
    },
  },
} as const satisfies Record<PepFormField, { label: Bilingual; hint?: Bilingual }>;

/** The form's title and opening words (on screen and on the PDF). */
export const pepFormTexts = {
  title: {
    en: 'Politically exposed person and head of an international organization (PEP/HIO) form',
    fr: 'Formulaire de personne politiquement exposée et de dirigeant d’une organisation internationale (PPE/DOI)',
  },
  intro: {
    en: 'Canadian law requires us to know more about politically exposed persons, heads of international organizations, and their family members and close associates. Please answer within 21 days of submitting your application; until we receive this form, your account will be restricted after that date.',
    fr: 'La loi canadienne nous oblige à en savoir plus sur les personnes politiquement exposées, les dirigeants d’organisations internationales, les membres de leur famille et leurs proches associés. Veuillez répondre dans les 21 jours suivant la soumission de votre demande; sans ce formulaire, votre compte sera restreint après cette date.',
  },
  applicant: {
    en: 'Applicant',
    fr: 'Demandeur',
  },
  applicantName: { en: 'Full name', fr: 'Nom complet' },
  signature: { en: 'Signature', fr: 'Signature' },
  date: { en: 'Date', fr: 'Date' },
  returnIt: {
    en: 'Upload the completed and signed form from your dashboard.',
    fr: 'Téléversez le formulaire rempli et signé à partir de votre tableau de bord.',
  },
} as const satisfies Record<string, Bilingual>;

/** The person's role, as the form names whose answers they are. */
export const pepFormRoleLabels = {
  primary: { en: 'Primary applicant', fr: 'Demandeur principal' },
  joint: { en: 'Joint applicant', fr: 'Codemandeur' },
} as const satisfies Record<ApplicantRole, Bilingual>;

export const PEP_FORM_TEXT_MAX = 200;
export const PEP_FORM_LONG_TEXT_MAX = 1000;

const text = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'tooLong');
const isoDate = z
  .string('required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'invalid');

/** One person's answers. */
export const pepFormPersonSchema = z
  .object({
    category: z.enum(Object.values(pepCategories) as [PepCategory, ...PepCategory[]], 'required'),
    relationship: z
      .enum(Object.values(pepRelationships) as [PepRelationship, ...PepRelationship[]], 'required')
      .optional(),
    exposedPersonName: text(PEP_FORM_TEXT_MAX).optional(),
    position: text(PEP_FORM_TEXT_MAX),
    organization: text(PEP_FORM_TEXT_MAX),
    /** A country id of `references/countries` (Canada 1, USA 2). */
    countryId: z.number('required').int('invalid').positive('invalid'),
    heldFrom: isoDate,
    /** Absent: still held. */
    heldTo: isoDate.optional(),
    sourceOfWealth: text(PEP_FORM_LONG_TEXT_MAX),
    sourceOfFunds: text(PEP_FORM_LONG_TEXT_MAX),
    expectedActivity: text(PEP_FORM_LONG_TEXT_MAX),
  })
  .superRefine((value, context) => {
    if (value.category === pepCategories.familyOrCloseAssociate) {
      if (!value.relationship) {
        context.addIssue({ code: 'custom', path: ['relationship'], message: 'required' });
      }
      if (!value.exposedPersonName) {
        context.addIssue({ code: 'custom', path: ['exposedPersonName'], message: 'required' });
      }
    }
    if (value.heldTo && value.heldTo < value.heldFrom) {
      context.addIssue({ code: 'custom', path: ['heldTo'], message: 'endBeforeStart' });
    }
  });
export type PepFormPerson = z.infer<typeof pepFormPersonSchema>;

/** The whole form: the answers of each applicant who must answer (see `pepFormAnswersFor`). */
export const pepFormAnswersSchema = z.strictObject({
  primary: pepFormPersonSchema.optional(),
  joint: pepFormPersonSchema.optional(),
});
export type PepFormAnswers = z.infer<typeof pepFormAnswersSchema>;

/** The schema for one application: exactly the people who must answer, each required. */
export function pepFormAnswersFor(people: readonly ApplicantRole[]) {
  return pepFormAnswersSchema.superRefine((value, context) => {
    for (const role of ['primary', 'joint'] as const) {
      const due = people.includes(role);
      if (due && !value[role]) {
        context.addIssue({ code: 'custom', path: [role], message: 'required' });
      } else if (!due && value[role]) {
        context.addIssue({ code: 'custom', path: [role], message: 'invalid' });
      }
    }
  });
}
