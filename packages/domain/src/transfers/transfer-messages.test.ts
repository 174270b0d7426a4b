import { describe, expect, it } from 'vitest';
import {
  describeTransferProblem,
  transferMessagesEn,
  transferMessagesFr,
} from './transfer-messages.ts';

describe('transfer messages', () => {
  it('name every key in both languages, in French words', () => {
    expect(Object.keys(transferMessagesFr).sort()).toEqual(Object.keys(transferMessagesEn).sort());
    for (const key of Object.keys(transferMessagesEn) as (keyof typeof transferMessagesEn)[]) {
      expect(transferMessagesFr[key], key).not.toBe(transferMessagesEn[key]);
      expect(transferMessagesFr[key].trim(), key).not.toBe('');
    }
  });

  it('use the typographic apostrophe and French money in French', () => {
    for (const text of Object.values(transferMessagesFr)) expect(text).not.toContain("'");
    expect(transferMessagesFr.cashAmountRequired).toContain('0\u00a0$');
  });

  it('show both sides of a difference under the message', () => {
    const problem = {
      code: 'statementNameAccents',
      values: { statement: 'HELENE', profile: 'Hélène' },
    };
    expect(describeTransferProblem(problem, 'en')).toEqual({
      message: transferMessagesEn.statementNameAccents,
      details: ['On your statement: HELENE', 'In your profile: Hélène'],
    });
    expect(describeTransferProblem(problem, 'fr')).toEqual({
      message: transferMessagesFr.statementNameAccents,
      details: ['Sur votre relevé\u00a0: HELENE', 'Dans votre profil\u00a0: Hélène'],
    });
  });

  it('name account types and the federal law by their labels', () => {
    const plan = { code: 'planNotAccepted', values: { delivering: 'RSP', receiving: 'TFSA' } };
    expect(describeTransferProblem(plan, 'fr').details).toEqual([
      "Compte transféré\u00a0: Régime enregistré d'épargne-retraite (REER)",
      "Compte de destination\u00a0: Compte d'épargne libre d'impôt (CELI)",
    ]);
    const law = { code: 'jurisdictionDiffers', values: { delivering: 'federal', receiving: 'ON' } };
    expect(describeTransferProblem(law, 'en').details).toEqual([
      'Account transferred: Federal',
      'Receiving account: Ontario',
    ]);
  });

  it('read a blank field as required', () => {
    expect(describeTransferProblem({ code: 'required' }, 'fr')).toEqual({
      message: 'Obligatoire.',
      details: [],
    });
  });
});
