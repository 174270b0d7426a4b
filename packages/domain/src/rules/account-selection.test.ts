import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountTypes,
  canBeHeldJointly,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';
import { messagesEn, messagesFr } from '../messages/messages.ts';
import {
  accountDetailsStepSchema,
  accountSelectionProblems,
  accountsStepSchema,
  includesMargin,
  optionsStepSchema,
  ownershipStepSchema,
  type SelectionContext,
} from './account-selection.ts';

const individual: SelectionContext = { ownershipTypeId: 1 };
const jointSpouses = { ownershipTypeId: 2, jointRelationship: 'spouse' as const };
const jointSiblings = { ownershipTypeId: 2, jointRelationship: 'other' as const };
const codes = (accounts: NamedAccountTypeName[], context = individual) =>
  accountSelectionProblems(accounts, context).map((problem) => `${problem.path}:${problem.code}`);

describe('account selection rules (spec section 5)', () => {
  it('accepts one registered and one non-registered account', () => {
    expect(codes(['tfsa', 'margin'])).toEqual([]);
  });

  it('requires at least one account', () => {
    expect(codes([])).toEqual(['accounts:accountRequired']);
  });

  it('allows at most one registered account', () => {
    expect(codes(['tfsa', 'rrsp'])).toEqual(['accounts:tooManyRegistered']);
  });

  it('allows at most one non-registered account', () => {
    expect(codes(['cash', 'margin'])).toEqual(['accounts:tooManyNonRegistered']);
  });

  it('counts a USD account with its CAD twin as one', () => {
    expect(codes(['tfsa', 'usTfsa', 'margin', 'usMargin'])).toEqual([]);
  });

  it('needs the CAD account for a USD registered account', () => {
    expect(codes(['usRrsp'])).toEqual(['accounts.0:usdNeedsCad']);
    expect(codes(['usCash'])).toEqual([]);
  });

  it('flags the same account chosen twice', () => {
    expect(codes(['tfsa', 'tfsa'])).toEqual(['accounts.1:duplicated']);
  });

  it('has no joint FHSA', () => {
    expect(codes(['fhsa'], jointSpouses)).toEqual(['accounts.0:noJointVariant']);
    expect(codes(['usFhsa', 'fhsa'], jointSpouses)).toContain('accounts.0:noJointVariant');
    expect(codes(['fhsa'])).toEqual([]);
  });

  it('refuses every registered plan but the RESP in a joint application, USD twins too', () => {
    const heldAlone: NamedAccountTypeName[] = [
      'tfsa',
      'usTfsa',
      'rrsp',
      'usRrsp',
      'spousalRrsp',
      'usSpousalRrsp',
      'rrif',
      'usRrif',
      'spousalRrif',
      'usSpousalRrif',
      'lira',
      'liraLrsp',
      'lif',
      'lifLrif',
      'rlif',
      'prif',
      'rlsp',
      'fhsa',
      'usFhsa',
    ];
    for (const account of heldAlone) {
      expect(codes([account], jointSpouses), account).toContain('accounts.0:noJointVariant');
      expect(codes([account]), account).not.toContain('accounts.0:noJointVariant');
    }
    for (const account of ['cash', 'margin', 'dap', 'usCash', 'respi', 'respf'] as const) {
      expect(codes([account], jointSpouses), account).toEqual([]);
    }
  });

  it('whatever a joint application chooses, a registered plan other than the RESP is refused', () => {
    const names = Object.keys(namedAccountTypes) as NamedAccountTypeName[];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...names), { maxLength: 4 }), (chosen) => {
        const refused = codes(chosen, jointSpouses).some((code) =>
          code.endsWith(':noJointVariant'),
        );
        const heldAlone = chosen.some(
          (name) =>
            namedAccountTypes[name].registered &&
            namedAccountTypes[name].typeId !== accountTypes.RESP,
        );
        return refused === heldAlone;
      }),
    );
  });

  it('says why a registered plan cannot be joint, and what to do instead, in both languages', () => {
    expect(messagesEn.noJointVariant).toMatch(/Canadian law.*Open it in your own name/);
    expect(messagesFr.noJointVariant).toMatch(/loi canadienne.*Ouvrez-le à votre nom/);
  });

  it('lets no registered plan but the RESP be held jointly, group plans included', () => {
    expect(canBeHeldJointly(accountTypes.GROUP_RSP)).toBe(false);
    expect(canBeHeldJointly(accountTypes.GROUP_SP_RSP)).toBe(false);
    expect(canBeHeldJointly(accountTypes.TFSA)).toBe(false);
    expect(canBeHeldJointly(accountTypes.RESP)).toBe(true);
    expect(canBeHeldJointly(accountTypes.Cash)).toBe(true);
  });

  it('opens a joint RESP only for spouses or common-law partners', () => {
    expect(codes(['respf'], jointSiblings)).toEqual(['accounts.0:respJointNeedsSpouse']);
    expect(codes(['respf'], jointSpouses)).toEqual([]);
    expect(codes(['respi'], { ownershipTypeId: 2, jointRelationship: 'commonLaw' })).toEqual([]);
  });

  it('never accepts more than one registered plan, whatever is chosen', () => {
    const names = Object.keys(namedAccountTypes) as NamedAccountTypeName[];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...names), { maxLength: 6 }), (chosen) => {
        const registeredTypes = new Set(
          chosen
            .filter((n) => namedAccountTypes[n].registered)
            .map((n) => namedAccountTypes[n].typeId),
        );
        const refused = codes(chosen).includes('accounts:tooManyRegistered');
        return refused === registeredTypes.size > 1;
      }),
    );
  });

  it('has a message for every problem in both languages', () => {
    for (const code of [
      'accountRequired',
      'tooManyRegistered',
      'tooManyNonRegistered',
      'usdNeedsCad',
      'noJointVariant',
      'respJointNeedsSpouse',
      'duplicated',
    ] as const) {
      expect(messagesEn[code]).toBeTruthy();
      expect(messagesFr[code]).toBeTruthy();
    }
  });
});

describe('account step schemas', () => {
  it('report each problem at its account as a message key', () => {
    const result = accountsStepSchema(individual).safeParse({ accounts: ['tfsa', 'usRrsp'] });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['accounts.1', 'usdNeedsCad'],
      ['accounts', 'tooManyRegistered'],
    ]);
  });

  it('refuse an account type that does not exist', () => {
    const result = accountsStepSchema(individual).safeParse({ accounts: ['gold'] });
    expect(result.error?.issues[0]?.message).toBe('invalid');
  });

  it('ask joint applicants how they are related', () => {
    const result = ownershipStepSchema.safeParse({ ownershipTypeId: 2 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['jointRelationship'],
      message: 'required',
    });
    expect(ownershipStepSchema.safeParse({ ownershipTypeId: 1 }).success).toBe(true);
    expect(ownershipStepSchema.safeParse({ ownershipTypeId: 3 }).success).toBe(false);
  });

  it('need a strategy when options trading is chosen', () => {
    const result = optionsStepSchema.safeParse({
      optionsTrading: true,
      strategies: [],
      shortSelling: false,
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['strategies'], message: 'required' });
    expect(
      optionsStepSchema.safeParse({ optionsTrading: true, strategies: [1, 3], shortSelling: true })
        .success,
    ).toBe(true);
  });

  it('know which choices include a margin account', () => {
    expect(includesMargin(['tfsa', 'usMargin'])).toBe(true);
    expect(includesMargin(['tfsa', 'cash'])).toBe(false);
  });
});

describe('account details step', () => {
  const parse = (accounts: NamedAccountTypeName[], data: unknown, context = individual) =>
    accountDetailsStepSchema({ ...context, accounts }).safeParse(data);
  const fieldCodes = (result: ReturnType<typeof parse>) =>
    result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );

  it('needs nothing more for a TFSA and a margin account', () => {
    expect(parse(['tfsa', 'margin'], {})).toMatchObject({ success: true, data: {} });
  });

  it("asks a locked-in account's pension law, among those its plan allows", () => {
    expect(fieldCodes(parse(['lira'], {}))).toEqual({ pensionJurisdiction: 'required' });
    expect(fieldCodes(parse(['lira'], { pensionJurisdiction: 'federal' }))).toEqual({
      pensionJurisdiction: 'invalid',
    });
    expect(parse(['lira'], { pensionJurisdiction: 'QC' })).toMatchObject({
      success: true,
      data: { pensionJurisdiction: 'QC' },
    });
    expect(parse(['liraLrsp'], { pensionJurisdiction: 'federal' }).success).toBe(true);
  });

  it("asks a DAP account's settlement agent and its 8-character account code if present", () => {
    expect(fieldCodes(parse(['dap'], {}))).toEqual({ dapSettlementAgent: 'required' });
    const withoutCode = parse(['dap'], { dapSettlementAgent: 'RBC', dapAgentAccountNumber: ' ' });
    expect(withoutCode).toMatchObject({ success: true });
    expect(withoutCode.data).not.toHaveProperty('dapAgentAccountNumber');
    expect(
      fieldCodes(parse(['dap'], { dapSettlementAgent: 'RBC', dapAgentAccountNumber: 'AB12' })),
    ).toEqual({ dapAgentAccountNumber: 'invalid' });
    expect(
      parse(['usDAP'], { dapSettlementAgent: 'RBC Dexia', dapAgentAccountNumber: 'ab12cd34' }),
    ).toMatchObject({ success: true, data: { dapAgentAccountNumber: 'AB12CD34' } });
  });

  it('checks the choice again when the ownership changed after it was made', () => {
    expect(fieldCodes(parse(['fhsa'], {}, jointSpouses))).toEqual({ accounts: 'noJointVariant' });
  });

  it('drops details the chosen accounts do not need', () => {
    expect(parse(['tfsa'], { pensionJurisdiction: 'ON', dapSettlementAgent: 'X' })).toMatchObject({
      success: true,
      data: {},
    });
  });
});

describe('ownership step', () => {
  it('keeps the relationship only for a joint application', () => {
    expect(ownershipStepSchema.parse({ ownershipTypeId: 1, jointRelationship: 'spouse' })).toEqual({
      ownershipTypeId: 1,
    });
    expect(ownershipStepSchema.parse({ ownershipTypeId: 2, jointRelationship: 'spouse' })).toEqual({
      ownershipTypeId: 2,
      jointRelationship: 'spouse',
    });
  });
});
