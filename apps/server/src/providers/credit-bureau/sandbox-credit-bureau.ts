import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { KbaQuestion } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { sandboxIdentityChecks } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type {
  BureauMatchResult,
  BureauPerson,
  CreditBureauProvider,
} from './credit-bureau-provider.ts';

export const SANDBOX_CREDIT_BUREAU = 'sandbox-credit-bureau';

/** A realistic answer time of a bureau: 300 to 800 ms. */
export const sandboxBureauLatency = () => 300 + randomInt(501);

export interface SandboxCreditBureauOptions {
  db: Database;
  cipher: FieldCipher;
  /** How long the bureau takes to answer (ms); 0 in tests. */
  latencyMs?: () => number;
}

/**
 * The documented inputs (docs/sandbox.md, "Identity verification"), decided from the saved
 * profile's last name: a file that is too young or too thin is returned as the bureau has it;
 * the product refuses it with the domain's rule.
 */
export type SandboxBureauInput = 'noMatch' | 'thin' | 'hardStop' | 'offline' | 'match';

export function sandboxBureauInputOf(lastName: string): SandboxBureauInput {
  const name = lastName.trim().toLowerCase();
  if (name.startsWith('nofile')) return 'noMatch';
  if (name.startsWith('thin')) return 'thin';
  if (name.startsWith('hardstop')) return 'hardStop';
  if (name.startsWith('offline')) return 'offline';
  return 'match';
}

const NONE_OF_THE_ABOVE = { en: 'None of the above', fr: 'Aucune de ces réponses' };

const otherStreets = ['Maple Ave', 'Elm St', 'Lakeshore Blvd', 'Rue Principale', 'Oak Cres'];
const otherCities = ['Halifax', 'Regina', 'Kelowna', 'Sherbrooke', 'Moncton', 'Thunder Bay'];
const otherPostalPrefixes = ['V6B', 'T2P', 'R3C', 'E1C', 'B3H', 'S4P'];

const normalized = (text: string) =>
  text.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

interface SandboxQuestion {
  question: KbaQuestion;
  rightChoiceId: string;
}

/**
 * One question: the truth, two wrong answers and "None of the above" (never right). A wrong
 * answer never contains, nor is contained in, any true answer of the person, so whoever knows
 * their own profile cannot mistake one for the truth.
 */
function questionOf(
  prompt: KbaQuestion['prompt'],
  truth: string,
  candidates: readonly string[],
  truths: readonly string[],
): SandboxQuestion {
  const confusable = (candidate: string) =>
    truths.some((value) => {
      const a = normalized(candidate);
      const b = normalized(value);
      return a.includes(b) || b.includes(a);
    });
  const wrong = candidates.filter((candidate) => !confusable(candidate));
  const picked: string[] = [];
  while (picked.length < 2 && wrong.length > 0) {
    picked.push(...wrong.splice(randomInt(wrong.length), 1));
  }
  const answers = [truth, ...picked];
  // The truth's place among the answers is random; "None of the above" stays last.
  for (let index = answers.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [answers[index], answers[other]] = [answers[other] as string, answers[index] as string];
  }
  const choices = answers.map((label) => ({ id: randomUUID(), label: { en: label, fr: label } }));
  const rightChoiceId = choices[answers.indexOf(truth)]?.id ?? '';
  choices.push({ id: randomUUID(), label: NONE_OF_THE_ABOVE });
  return { question: { id: randomUUID(), prompt, choices }, rightChoiceId };
}

/** The four questions the sandbox asks, from the person's own profile. */
export function sandboxQuestionsOf(person: BureauPerson): SandboxQuestion[] {
  const street = person.address.streetName.trim();
  const city = person.address.city.trim();
  const birthYear = person.dateOfBirth.slice(0, 4);
  const postalPrefix = person.address.postalCode.replace(/\s/g, '').slice(0, 3).toUpperCase();
  const truths = [street, city, birthYear, postalPrefix];
  const year = Number(birthYear);
  const otherYears = [year - 7, year - 3, year + 2, year + 5].map(String);
  return [
    questionOf(
      {
        en: 'On which street is the home address on your credit file?',
        fr: 'Sur quelle rue se trouve l’adresse du domicile inscrite à votre dossier de crédit?',
      },
      street,
      otherStreets,
      truths,
    ),
    questionOf(
      {
        en: 'In which city is that home address?',
        fr: 'Dans quelle ville se trouve cette adresse?',
      },
      city,
      otherCities,
      truths,
    ),
    questionOf(
      { en: 'In which year were you born?', fr: 'En quelle année êtes-vous né ou née?' },
      birthYear,
      otherYears,
      truths,
    ),
    questionOf(
      {
        en: 'What are the first three characters of your postal code?',
        fr: 'Quels sont les trois premiers caractères de votre code postal?',
      },
      postalPrefix,
      otherPostalPrefixes,
      truths,
    ),
  ];
}

const checkContext = (id: string) => `sandbox_identity_checks:${id}:state`;

interface StoredCheck {
  rightChoices: Record<string, string>;
}

const fileReferenceOf = () =>
  `EQ${Array.from({ length: 10 }, () => String(randomInt(10))).join('')}`;

/**
 * The sandbox credit bureau: keeps each check's right answers in `sandbox_identity_checks`
 * (encrypted), as the bureau keeps them on its side, and answers after a realistic delay.
 */
export function createSandboxCreditBureau(
  options: SandboxCreditBureauOptions,
): CreditBureauProvider {
  const wait = async () => {
    const latency = options.latencyMs?.() ?? 0;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  };
  return {
    name: SANDBOX_CREDIT_BUREAU,

    async matchFile(person): Promise<BureauMatchResult> {
      await wait();
      const input = sandboxBureauInputOf(person.lastName);
      if (input === 'offline') return { outcome: 'offline' };
      if (input === 'noMatch' || input === 'hardStop') return { outcome: input };
      const asked = sandboxQuestionsOf(person);
      const id = randomUUID();
      const state: StoredCheck = {
        rightChoices: Object.fromEntries(
          asked.map(({ question, rightChoiceId }) => [question.id, rightChoiceId]),
        ),
      };
      await options.db.insert(sandboxIdentityChecks).values({
        id,
        vendor: 'creditBureau',
        stateEncrypted: options.cipher.encrypt(JSON.stringify(state), checkContext(id)),
        status: 'open',
      });
      const thin = input === 'thin';
      return {
        outcome: 'match',
        bureau: 'equifax',
        fileReference: fileReferenceOf(),
        checkReference: id,
        fileAgeYears: thin ? 1 : 6,
        tradelines: thin ? 1 : 4,
        nameMatch: true,
        addressMatch: true,
        dobMatch: true,
        questions: asked.map(({ question }) => question),
      };
    },

    async checkAnswers(checkReference, answers) {
      await wait();
      return options.db.transaction(async (tx) => {
        const [check] = await tx
          .select()
          .from(sandboxIdentityChecks)
          .where(
            and(
              eq(sandboxIdentityChecks.id, checkReference),
              eq(sandboxIdentityChecks.vendor, 'creditBureau'),
            ),
          )
          .limit(1)
          .for('update');
        if (!check || check.status !== 'open') return 'closed';
        const { rightChoices } = JSON.parse(
          options.cipher.decrypt(check.stateEncrypted, checkContext(check.id)),
        ) as StoredCheck;
        const given = new Map(answers.map((answer) => [answer.questionId, answer.choiceId]));
        const passed = Object.entries(rightChoices).every(
          ([questionId, choiceId]) => given.get(questionId) === choiceId,
        );
        await tx
          .update(sandboxIdentityChecks)
          .set({ status: passed ? 'passed' : 'failed', decidedAt: new Date() })
          .where(eq(sandboxIdentityChecks.id, check.id));
        return passed ? 'passed' : 'failed';
      });
    },
  };
}
