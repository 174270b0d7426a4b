import { describe, expect, it } from 'vitest';
import { cipherFromConfig } from '../../lib/crypto/field-cipher-plugin.ts';
import {
  institutionById,
  OTHER_HOLDER_NAME,
  sandboxAccounts,
  sandboxInstitutions,
  sandboxLoginId,
} from './sandbox-bank-connection.ts';

const cipher = cipherFromConfig(undefined, 'test-secret-test-secret-test-secret-0001');
const laurentian = sandboxInstitutions[0];
const input = (username: string, language: 'en' | 'fr' = 'en') => ({
  institution: laurentian,
  username,
  customerName: 'Camille Tremblay',
  language,
});

describe('the sandbox bank-connection vendor', () => {
  it('lists the documented banks with their institution numbers', () => {
    expect(sandboxInstitutions.map((bank) => [bank.name.en, bank.number])).toEqual([
      ['Laurentian Sandbox Bank', '039'],
      ['Desjardins', '815'],
      ['RBC Royal Bank', '003'],
      ['TD Canada Trust', '004'],
      ['BMO Bank of Montreal', '001'],
      ['Scotiabank', '002'],
      ['National Bank of Canada', '006'],
    ]);
    expect(institutionById('rbc')?.number).toBe('003');
    expect(institutionById('nowhere')).toBeUndefined();
  });

  it("gives a login two CAD accounts held in the person's name: chequing •••123, savings •••456", () => {
    const [chequing, savings] = sandboxAccounts(cipher, input('camille'));
    expect(chequing).toMatchObject({
      title: 'Chequing',
      holderName: 'Camille Tremblay',
      institutionNumber: '039',
      institutionName: 'Laurentian Sandbox Bank',
      currency: 'CAD',
      type: 'chequing',
    });
    expect(chequing!.accountNumber).toMatch(/^\d{4}123$/);
    expect(chequing!.transitNumber).toMatch(/^\d{5}$/);
    expect(savings).toMatchObject({ type: 'savings', title: 'Savings' });
    expect(savings!.accountNumber).toMatch(/^\d{4}456$/);
    expect(sandboxAccounts(cipher, input('camille', 'fr'))[0]).toMatchObject({
      title: 'Compte chèques',
      institutionName: 'Banque Laurentienne du bac à sable',
    });
  });

  it('is the same login (ids and numbers) for the same username at the same bank, whatever its case', () => {
    expect(sandboxAccounts(cipher, input('Camille'))).toEqual(
      sandboxAccounts(cipher, input('camille ')),
    );
    expect(sandboxLoginId(cipher, laurentian, 'CAMILLE')).toBe(
      sandboxLoginId(cipher, laurentian, 'camille'),
    );
    const other = sandboxAccounts(cipher, input('someone-else'))[0]!;
    const mine = sandboxAccounts(cipher, input('camille'))[0]!;
    expect(other.accountId).not.toBe(mine.accountId);
    expect(sandboxLoginId(cipher, sandboxInstitutions[1], 'camille')).not.toBe(
      sandboxLoginId(cipher, laurentian, 'camille'),
    );
  });

  it('gives otherholder accounts held by someone else (Alex Martin)', () => {
    expect(OTHER_HOLDER_NAME).toBe('Alex Martin');
    for (const account of sandboxAccounts(cipher, input('otherholder'))) {
      expect(account.holderName).toBe('Alex Martin');
    }
  });
});
