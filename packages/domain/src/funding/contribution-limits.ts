import {
  addCalendarDays,
  formatIsoDate,
  partsOf,
  weekdayOf,
  type IsoDate,
} from '../calendar/iso-date.ts';
import { accountTypes } from '../enums/account-types.ts';
import { eftFrequencies, type EftFrequency } from '../enums/funding.ts';
import { formatCents, type Cents } from '../money/cents.ts';
import { debitDatesBetween } from './funding-lifecycle.ts';

/**
 * Registered plans' contribution limits, dated (regulatory-facts.md section 2: "keep limits in
 * a dated table, not hard-coded"), and the warnings a contribution earns against them. The
 * warnings never block a request: we do not know the person's room (contributions elsewhere,
 * carry-forward, the RRSP's 18% of earned income), only the year's ceilings.
 */
export interface ContributionLimits {
  /** TFSA annual dollar limit. Sources: CRA, taxtips.ca, CIBC, Questrade. */
  tfsaAnnualCents: Cents;
  /** TFSA room accumulated since 2009 by someone eligible every year. */
  tfsaCumulativeCents: Cents;
  /** RRSP dollar limit (CRA's MP, RRSP, DPSP and TFSA limits table). */
  rrspDollarLimitCents: Cents;
  /** FHSA participation room a year (canada.ca, "Contributing to your FHSA"). */
  fhsaAnnualCents: Cents;
  /** Unused FHSA room carried forward, at most. */
  fhsaCarryForwardMaxCents: Cents;
  fhsaLifetimeCents: Cents;
  /** RESP lifetime contributions per beneficiary (ESDC, CESG). */
  respLifetimeCents: Cents;
  /** Basic CESG: this share of the first `cesgEligibleCents` contributed in a year. */
  cesgRatePercent: number;
  cesgEligibleCents: Cents;
}

export const contributionLimitsByYear: Readonly<Record<number, ContributionLimits>> = {
  2025: {
    tfsaAnnualCents: 700_000,
    tfsaCumulativeCents: 10_200_000,
    rrspDollarLimitCents: 3_249_000,
    fhsaAnnualCents: 800_000,
    fhsaCarryForwardMaxCents: 800_000,
    fhsaLifetimeCents: 4_000_000,
    respLifetimeCents: 5_000_000,
    cesgRatePercent: 20,
    cesgEligibleCents: 250_000,
  },
  2026: {
    tfsaAnnualCents: 700_000,
    tfsaCumulativeCents: 10_900_000,
    // Questrade, citing CRA.
    rrspDollarLimitCents: 3_381_000,
    fhsaAnnualCents: 800_000,
    fhsaCarryForwardMaxCents: 800_000,
    fhsaLifetimeCents: 4_000_000,
    respLifetimeCents: 5_000_000,
    cesgRatePercent: 20,
    cesgEligibleCents: 250_000,
  },
};

const knownYears = Object.keys(contributionLimitsByYear)
  .map(Number)
  .sort((a, b) => a - b);

/**
 * The limits of a year; for a year not in the table yet, the latest known (limits are indexed
 * and announced late in the year before: an old ceiling under-warns rather than over-warns).
 */
export function contributionLimitsFor(year: number): ContributionLimits {
  const known = knownYears.filter((candidate) => candidate <= year).at(-1) ?? knownYears[0]!;
  return contributionLimitsByYear[known]!;
}

/**
 * The last day of a year's "first 60 days", up to which an RRSP contribution may be deducted
 * for the year before: the 60th day, moved to the next Monday when it falls on a weekend
 * (March 2, 2026 for tax year 2025).
 */
export function rrspFirst60DaysDeadline(year: number): IsoDate {
  const sixtieth = addCalendarDays(`${String(year).padStart(4, '0')}-01-01`, 59);
  const weekday = weekdayOf(sixtieth);
  return weekday === 6
    ? addCalendarDays(sixtieth, 2)
    : weekday === 0
      ? addCalendarDays(sixtieth, 1)
      : sixtieth;
}

export type ContributionHintCode =
  | 'tfsaAnnualLimit'
  | 'rrspTaxYear'
  | 'rrspDollarLimit'
  | 'fhsaAnnualLimit'
  | 'fhsaCarryForward'
  | 'fhsaLifetime'
  | 'respLifetime'
  | 'respGrant';

export interface ContributionHint {
  code: ContributionHintCode;
  /** Amounts in cents (`...Cents`), years and dates, for the text. */
  values: Record<string, number | string>;
}

const rrspTypes: readonly number[] = [
  accountTypes.RSP,
  accountTypes.SPRSP,
  accountTypes.GROUP_RSP,
  accountTypes.GROUP_SP_RSP,
];

/**
 * What a request adds to its calendar year: the amount once for a one-time request; for a PAC,
 * once per debit left in the start date's year (a monthly PAC started in October counts 3).
 */
export function contributedInYear(
  amountCents: Cents,
  frequency: EftFrequency,
  startDate: IsoDate,
): { year: number; totalCents: Cents; debits: number } {
  const { year } = partsOf(startDate);
  const debits =
    frequency === eftFrequencies.onetime
      ? 1
      : debitDatesBetween(startDate, frequency, startDate, `${year}-12-31`).length;
  return { year, totalCents: amountCents * debits, debits };
}

/**
 * Warnings for a contribution to a registered plan (never blocking): over the TFSA's annual
 * limit; an RRSP contribution in the first 60 days of a year (which tax year is it for?) or over
 * the RRSP dollar limit; over the FHSA's annual room (with or without the carry-forward) or its
 * lifetime limit; over the RESP's lifetime limit; and for an RESP, the basic grant.
 */
export function contributionHints(request: {
  accountTypeId: number;
  amountCents: Cents;
  frequencyId: EftFrequency;
  startDate: IsoDate;
  today: IsoDate;
}): ContributionHint[] {
  const { year, totalCents, debits } = contributedInYear(
    request.amountCents,
    request.frequencyId,
    request.startDate,
  );
  const limits = contributionLimitsFor(year);
  const hints: ContributionHint[] = [];
  const over = (code: ContributionHintCode, limitCents: Cents) =>
    hints.push({ code, values: { year, totalCents, debits, limitCents } });

  switch (request.accountTypeId) {
    case accountTypes.TFSA:
      if (totalCents > limits.tfsaAnnualCents) {
        hints.push({
          code: 'tfsaAnnualLimit',
          values: {
            year,
            totalCents,
            debits,
            limitCents: limits.tfsaAnnualCents,
            cumulativeCents: limits.tfsaCumulativeCents,
          },
        });
      }
      break;
    case accountTypes.FHSA: {
      const maxRoomCents = limits.fhsaAnnualCents + limits.fhsaCarryForwardMaxCents;
      if (totalCents > limits.fhsaLifetimeCents) over('fhsaLifetime', limits.fhsaLifetimeCents);
      if (totalCents > maxRoomCents) over('fhsaAnnualLimit', maxRoomCents);
      else if (totalCents > limits.fhsaAnnualCents) {
        over('fhsaCarryForward', limits.fhsaAnnualCents);
      }
      break;
    }
    case accountTypes.RESP:
      if (totalCents > limits.respLifetimeCents) over('respLifetime', limits.respLifetimeCents);
      hints.push({
        code: 'respGrant',
        values: {
          ratePercent: limits.cesgRatePercent,
          eligibleCents: limits.cesgEligibleCents,
          grantCents: (limits.cesgEligibleCents * limits.cesgRatePercent) / 100,
        },
      });
      break;
    default:
      if (!rrspTypes.includes(request.accountTypeId)) break;
      {
        const todayYear = partsOf(request.today).year;
        const deadline = rrspFirst60DaysDeadline(todayYear);
        if (request.today <= deadline && request.startDate <= deadline) {
          hints.push({ code: 'rrspTaxYear', values: { previousYear: todayYear - 1, deadline } });
        }
      }
      if (totalCents > limits.rrspDollarLimitCents) {
        over('rrspDollarLimit', limits.rrspDollarLimitCents);
      }
  }
  return hints;
}

/** The text of a hint in a language, its amounts written the language's way. */
export function contributionHintText(hint: ContributionHint, language: 'en' | 'fr'): string {
  const money = (key: string) => formatCents(Number(hint.values[key] ?? 0), language);
  const value = (key: string) => String(hint.values[key] ?? '');
  const en = language === 'en';
  switch (hint.code) {
    case 'tfsaAnnualLimit':
      return en
        ? `This adds ${money('totalCents')} to your TFSA in ${value('year')}, more than the year’s limit of ${money('limitCents')}. You may have unused room from earlier years (at most ${money('cumulativeCents')} since 2009); check your room with the CRA, as contributions over it are taxed 1% a month.`
        : `Ceci ajoute ${money('totalCents')} à votre CELI en ${value('year')}, plus que le plafond de l’année de ${money('limitCents')}. Vous avez peut-être des droits inutilisés des années passées (au plus ${money('cumulativeCents')} depuis 2009); vérifiez vos droits auprès de l’ARC, car l’excédent est imposé à 1\u00a0% par mois.`;
    case 'rrspTaxYear':
      return en
        ? `Contributions made by ${formatIsoDate(value('deadline'), language)} can be deducted for ${value('previousYear')} or for this year. Tell us which tax year this contribution is for.`
        : `Les cotisations versées au plus tard le ${formatIsoDate(value('deadline'), language)} peuvent être déduites pour ${value('previousYear')} ou pour cette année. Indiquez-nous pour quelle année d’imposition est cette cotisation.`;
    case 'rrspDollarLimit':
      return en
        ? `This adds ${money('totalCents')} to your RRSP in ${value('year')}, more than the year’s dollar limit of ${money('limitCents')}. Your own limit is 18% of last year’s earned income up to that amount, plus unused room: see your notice of assessment.`
        : `Ceci ajoute ${money('totalCents')} à votre REER en ${value('year')}, plus que le plafond de l’année de ${money('limitCents')}. Votre propre plafond est de 18\u00a0% du revenu gagné l’an dernier jusqu’à ce montant, plus vos droits inutilisés : voyez votre avis de cotisation.`;
    case 'fhsaAnnualLimit':
      return en
        ? `This adds ${money('totalCents')} to your FHSA in ${value('year')}. Even with the most unused room carried forward, a year allows at most ${money('limitCents')}.`
        : `Ceci ajoute ${money('totalCents')} à votre CELIAPP en ${value('year')}. Même avec le maximum de droits inutilisés reportés, une année permet au plus ${money('limitCents')}.`;
    case 'fhsaCarryForward':
      return en
        ? `This adds ${money('totalCents')} to your FHSA in ${value('year')}, more than the ${money('limitCents')} of a year. It fits only if you carry forward room you did not use last year.`
        : `Ceci ajoute ${money('totalCents')} à votre CELIAPP en ${value('year')}, plus que les ${money('limitCents')} d’une année. Ce n’est possible que si vous reportez des droits inutilisés l’an dernier.`;
    case 'fhsaLifetime':
      return en
        ? `This is more than the FHSA lifetime limit of ${money('limitCents')}.`
        : `Ceci dépasse le plafond à vie du CELIAPP de ${money('limitCents')}.`;
    case 'respLifetime':
      return en
        ? `This is more than the RESP lifetime limit of ${money('limitCents')} per beneficiary.`
        : `Ceci dépasse le plafond à vie du REEE de ${money('limitCents')} par bénéficiaire.`;
    case 'respGrant':
      return en
        ? `The Canada Education Savings Grant adds ${value('ratePercent')}% of the first ${money('eligibleCents')} contributed each year, up to ${money('grantCents')} a year.`
        : `La Subvention canadienne pour l’épargne-études ajoute ${value('ratePercent')}\u00a0% des premiers ${money('eligibleCents')} versés chaque année, jusqu’à ${money('grantCents')} par année.`;
  }
}
