import type { LedgerCurrency } from '../ledger/ledger-accounts.ts';
import type { OriginalEntryKind } from '../ledger/ledger-journal.ts';

/**
 * The daily reconciliation's disagreements (issue 35, ADR 0039) as facts, and in words for
 * operations in English and French: the server's report and check put them in words, the
 * console shows them. No name and no account number ever goes in one.
 */

export type ReconciliationLanguage = 'en' | 'fr';

/**
 * One disagreement, kept as facts until it is put in words in the reader's language (`words`
 * below): amounts in cents of the file's currency, an item by its cross-reference.
 */
export interface Problem {
  type: ProblemType;
  file?: string;
  item?: string;
  journal?: OriginalEntryKind;
  journalId?: string;
  direction?: 'debit' | 'credit';
  currency?: LedgerCurrency;
  count?: number;
  cents?: number;
  /** The other side's figures: the trailer's, or the ledger's. */
  otherCount?: number;
  otherCents?: number;
}

export type ProblemType =
  | 'trailer'
  | 'ledgerTotal'
  | 'noJournal'
  | 'journalAmount'
  | 'journalAccount'
  | 'notReversed'
  | 'reversedNotReturned'
  | 'refusedNotReversed'
  | 'orphanJournal'
  | 'unreadableReturns'
  | 'unmatchedReturns'
  | 'mismatchReturns';

/**
 * Each problem in both languages. `{money}` is the item side's amount, `{otherMoney}` the
 * trailer's or the ledger's; a `_one` form is used for a count of one (French: one or zero).
 */
const words: Record<ReconciliationLanguage, Record<string, string>> = {
  en: {
    trailer:
      'file {file}: trailer says {otherCount} {directions} for {otherMoney}, items hold {count} for {money}',
    trailer_one:
      'file {file}: trailer says {otherCount} {direction} for {otherMoney}, items hold {count} for {money}',
    ledgerTotal:
      'file {file}: items hold {directions} for {money}, the ledger recorded {otherMoney} sent',
    noJournal: 'file {file}: item {item} has no {journal} journal in the ledger',
    journalAmount:
      "file {file}: item {item}'s {journal} journal is for {otherMoney}, the item for {money}",
    journalAccount:
      "file {file}: item {item}'s {journal} journal names another account than the item",
    notReversed:
      'file {file}: item {item} was returned, but its {journal} journal was not reversed',
    reversedNotReturned:
      'file {file}: item {item} was not returned, but its {journal} journal was reversed',
    refusedNotReversed:
      "file {file}: refused by the bank, but item {item}'s {journal} journal was not reversed",
    orphanJournal:
      'the ledger holds a {journal} journal ({journalId}) that no delivered file carries',
    unreadableReturns: 'return file {file}: unreadable, nothing in it was applied',
    unmatchedReturns: 'return file {file}: {count} returned items match no payment',
    unmatchedReturns_one: 'return file {file}: {count} returned item matches no payment',
    mismatchReturns:
      'return file {file}: {count} returned items differ from their payment (amount or direction)',
    mismatchReturns_one:
      'return file {file}: {count} returned item differs from its payment (amount or direction)',
    debit: 'debit',
    debits: 'debits',
    credit: 'credit',
    credits: 'credits',
    contributionSent: 'contribution sent',
    payoutSent: 'payout sent',
    withholding: 'withholding',
  },
  fr: {
    trailer:
      'fichier {file} : la fin de fichier annonce {otherCount} {directions} pour {otherMoney}, les éléments en comptent {count} pour {money}',
    trailer_one:
      'fichier {file} : la fin de fichier annonce {otherCount} {direction} pour {otherMoney}, les éléments en comptent {count} pour {money}',
    ledgerTotal:
      'fichier {file} : les {directions} des éléments totalisent {money}, le grand livre en a inscrit {otherMoney}',
    noJournal: "fichier {file} : l'élément {item} n'a pas d'écriture « {journal} » au grand livre",
    journalAmount:
      "fichier {file} : l'écriture « {journal} » de l'élément {item} est de {otherMoney}, l'élément de {money}",
    journalAccount:
      "fichier {file} : l'écriture « {journal} » de l'élément {item} vise un autre compte que l'élément",
    notReversed:
      "fichier {file} : l'élément {item} a été retourné, mais son écriture « {journal} » n'a pas été contrepassée",
    reversedNotReturned:
      "fichier {file} : l'élément {item} n'a pas été retourné, mais son écriture « {journal} » a été contrepassée",
    refusedNotReversed:
      "fichier {file} : refusé par la banque, mais l'écriture « {journal} » de l'élément {item} n'a pas été contrepassée",
    orphanJournal:
      "le grand livre contient une écriture « {journal} » ({journalId}) qu'aucun fichier livré ne porte",
    unreadableReturns: "fichier de retours {file} : illisible, rien n'en a été appliqué",
    unmatchedReturns:
      'fichier de retours {file} : {count} éléments retournés ne correspondent à aucun paiement',
    unmatchedReturns_one:
      'fichier de retours {file} : {count} élément retourné ne correspond à aucun paiement',
    mismatchReturns:
      'fichier de retours {file} : {count} éléments retournés diffèrent de leur paiement (montant ou sens)',
    mismatchReturns_one:
      'fichier de retours {file} : {count} élément retourné diffère de son paiement (montant ou sens)',
    debit: 'débit',
    debits: 'débits',
    credit: 'crédit',
    credits: 'crédits',
    contributionSent: 'cotisation envoyée',
    payoutSent: 'versement envoyé',
    withholding: "retenue d'impôt",
  },
};

/** `150000` as `1500.00 CAD` (`1500,00 CAD` in French), from whole cents without a float. */
function money(cents: number, currency: LedgerCurrency, language: ReconciliationLanguage) {
  const fraction = String(cents % 100).padStart(2, '0');
  return `${Math.trunc(cents / 100)}${language === 'fr' ? ',' : '.'}${fraction} ${currency}`;
}

/** A problem in plain words, in English or French. */
export function problemText(problem: Problem, language: ReconciliationLanguage): string {
  const own = words[language];
  // French takes the singular for 0 and 1, English for 1 alone.
  const single = (count = 0) => (language === 'fr' ? count <= 1 : count === 1);
  const counted = problem.type === 'trailer' ? problem.otherCount : problem.count;
  const template =
    (single(counted) ? own[`${problem.type}_one`] : undefined) ?? own[problem.type] ?? problem.type;
  const currency = problem.currency ?? 'CAD';
  const values: Record<string, string | undefined> = {
    file: problem.file,
    item: problem.item,
    journalId: problem.journalId,
    journal: problem.journal && own[problem.journal],
    direction: problem.direction && own[problem.direction],
    directions: problem.direction && own[`${problem.direction}s`],
    count: problem.count?.toString(),
    otherCount: problem.otherCount?.toString(),
    money: problem.cents === undefined ? undefined : money(problem.cents, currency, language),
    otherMoney:
      problem.otherCents === undefined ? undefined : money(problem.otherCents, currency, language),
  };
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
