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
      code: 'statementNameDiffers',
      values: { statement: 'HELEN', profile: 'Hélène' },
    };
    expect(describeTransferProblem(problem, 'en')).toEqual({
      message: transferMessagesEn.statementNameDiffers,
      details: ['On your statement: HELEN', 'In your profile: Hélène'],
    });
    expect(describeTransferProblem(problem, 'fr')).toEqual({
      message: transferMessagesFr.statementNameDiffers,
      details: ['Sur votre relevé\u00a0: HELEN', 'Dans votre profil\u00a0: Hélène'],
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

  // Findings 2026-11-28, A-M6: a transfer is asked for only once the answers are locked, so
  // no message may tell the person to update their profile.
  it('never ask to update or correct the profile, which is locked by then', () => {
    for (const text of Object.values(transferMessagesEn)) {
      expect(text).not.toMatch(/(update|correct) your profile/iu);
    }
    for (const text of Object.values(transferMessagesFr)) {
      expect(text).not.toMatch(/(mettez|corrigez)[^.]*votre profil/iu);
    }
    expect(transferMessagesEn.statementAddressDiffers).toContain('contact us');
    expect(transferMessagesFr.statementAddressDiffers).toContain('communiquez avec nous');
  });

  it('read a blank field as required', () => {
    expect(describeTransferProblem({ code: 'required' }, 'fr')).toEqual({
      message: 'Obligatoire.',
      details: [],
    });
  });
});
