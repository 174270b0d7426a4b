import { describe, expect, it } from 'vitest';
import { provinces } from '../enums/provinces.ts';
import { transferTypes } from '../enums/transfers.ts';
import {
  isPlausibleSymbol,
  precheckTransfer,
  type ProfileHolder,
  type TransferPrecheckInput,
  type TransferProblem,
} from './transfer-precheck.ts';

const helene: ProfileHolder = {
  firstName: 'Hélène',
  lastName: 'Tremblay',
  sin: '130692544',
  birthDate: '1961-04-12',
  address: {
    streetNumber: '1234',
    streetName: 'Rue Saint-Denis',
    city: 'Montréal',
    provinceId: provinces.QC,
    postalCode: 'H2X 3K8',
    countryId: 1,
  },
};

const marc: ProfileHolder = {
  firstName: 'Marc',
  lastName: 'Gagnon',
  sin: '192837466',
  birthDate: '1959-09-30',
  address: helene.address,
};

/** Hélène's RRSP at TD Direct Investing, moving in kind into her RRSP here: every rule passes. */
function rrsp(overrides: Partial<TransferPrecheckInput> = {}): TransferPrecheckInput {
  return {
    deliveringInstitutionId: 'td-direct-investing',
    deliveringAccountNumber: '123-45678',
    deliveringAccountType: 'RSP',
    transferType: transferTypes.ALL_IN_KIND,
    statement: {
      holders: [
        {
          firstName: 'HÉLÈNE',
          lastName: 'TREMBLAY',
          sin: '130 692 544',
          birthDate: '1961-04-12',
        },
      ],
      address: { ...helene.address, streetName: 'RUE SAINT-DENIS', postalCode: 'h2x3k8' },
    },
    receiving: { accountType: 'RSP', holders: [helene] },
    ...overrides,
  };
}

const codes = (problems: readonly TransferProblem[]) => problems.map((problem) => problem.code);

function withStatementHolder(changes: Partial<TransferPrecheckInput['statement']['holders'][0]>) {
  const input = rrsp();
  return {
    ...input,
    statement: {
      ...input.statement,
      holders: [{ ...input.statement.holders[0]!, ...changes }],
    },
  };
}

describe('precheckTransfer', () => {
  it('passes a statement copied exactly, whatever its capitals and spacing', () => {
    expect(precheckTransfer(rrsp())).toEqual({ ok: true, problems: [] });
  });

  describe('the institution and account', () => {
    it('wants an institution from the list and the account number', () => {
      const result = precheckTransfer(
        rrsp({ deliveringInstitutionId: 'my-bank', deliveringAccountNumber: '  ' }),
      );
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual([
        { field: 'deliveringInstitutionId', code: 'deliveringInstitutionUnknown' },
        { field: 'deliveringAccountNumber', code: 'deliveringAccountNumberRequired' },
      ]);
    });
  });

  describe('the names', () => {
    // Findings 2026-11-28, A-M6: statements print names without accents, hyphens or the
    // profile's apostrophe, and such a name is the same person's.
    it.each([
      ['a first name without its accents', { firstName: 'HELENE' }],
      ['a last name with a final period', { lastName: 'TREMBLAY.' }],
    ])('pass %s', (_, changes) => {
      expect(precheckTransfer(withStatementHolder(changes))).toEqual({ ok: true, problems: [] });
    });

    it.each([
      ['Thompson Reid', 'Thompson-Reid'],
      ['THOMPSON REID', 'Thompson-Reid'],
      ["D'ARCY LEVESQUE", 'D’Arcy-Lévesque'],
      ['O’Connor Jr', "O'Connor Jr."],
    ])('read the statement’s %j as the profile’s %j, not as another order', (typed, saved) => {
      const input = rrsp({
        receiving: { accountType: 'RSP', holders: [{ ...helene, lastName: saved }] },
      });
      input.statement.holders = [{ ...input.statement.holders[0]!, lastName: typed }];
      expect(precheckTransfer(input)).toEqual({ ok: true, problems: [] });
    });

    it('catch first and last names in the other order', () => {
      const result = precheckTransfer(
        withStatementHolder({ firstName: 'Tremblay', lastName: 'Hélène' }),
      );
      expect(result.problems).toEqual([
        {
          field: 'statement.holders.0.firstName',
          code: 'statementNameOrder',
          values: { statement: 'Tremblay Hélène', profile: 'Hélène Tremblay' },
        },
      ]);
    });

    it('catch given names in another order', () => {
      const input = rrsp({
        receiving: { accountType: 'RSP', holders: [{ ...helene, firstName: 'Marie Hélène' }] },
      });
      input.statement.holders = [{ ...input.statement.holders[0]!, firstName: 'Hélène Marie' }];
      expect(codes(precheckTransfer(input).problems)).toEqual(['statementNameOrder']);
    });

    it('catch a different name, field by field', () => {
      const result = precheckTransfer(withStatementHolder({ lastName: 'Tremblay-Roy' }));
      expect(result.problems).toEqual([
        {
          field: 'statement.holders.0.lastName',
          code: 'statementNameDiffers',
          values: { statement: 'Tremblay-Roy', profile: 'Tremblay' },
        },
      ]);
    });

    it('want every part of the statement holder', () => {
      const result = precheckTransfer(withStatementHolder({ firstName: ' ', birthDate: '' }));
      expect(result.problems).toEqual([
        { field: 'statement.holders.0.firstName', code: 'required' },
        { field: 'statement.holders.0.birthDate', code: 'required' },
      ]);
    });
  });

  describe('the SIN and birth date', () => {
    it('pass a SIN written with spaces, and catch another one, masked', () => {
      const result = precheckTransfer(withStatementHolder({ sin: '273-645-192' }));
      expect(result.problems).toEqual([
        {
          field: 'statement.holders.0.sin',
          code: 'statementSinDiffers',
          values: { statement: '*** *** 192', profile: '*** *** 544' },
        },
      ]);
    });

    it('catch another birth date', () => {
      const result = precheckTransfer(withStatementHolder({ birthDate: '1961-12-04' }));
      expect(result.problems).toEqual([
        {
          field: 'statement.holders.0.birthDate',
          code: 'statementBirthDateDiffers',
          values: { statement: '1961-12-04', profile: '1961-04-12' },
        },
      ]);
    });
  });

  describe('the address', () => {
    it('catch each part that differs, with both addresses', () => {
      const input = rrsp();
      input.statement.address = { ...input.statement.address, streetName: 'Rue Saint-Hubert' };
      const result = precheckTransfer(input);
      expect(result.problems).toEqual([
        {
          field: 'statement.address.streetName',
          code: 'statementAddressDiffers',
          values: {
            statement: '1234 Rue Saint-Hubert, Montréal QC H2X 3K8',
            profile: '1234 Rue Saint-Denis, Montréal QC H2X 3K8',
          },
        },
      ]);
    });

    // Findings 2026-11-28, A-M6: "118 Queen Street West" was refused against "118 Queen St W".
    it.each([
      ['Queen Street West', 'Queen St W'],
      ['QUEEN ST. W.', 'Queen Street West'],
      ['Rue St-Denis', 'Rue Saint-Denis'],
      ['Boul. René-Lévesque O', 'Boulevard René Lévesque Ouest'],
      ['CH DE LA COTE-DES-NEIGES', 'Chemin de la Côte-des-Neiges'],
      ['Sherbrooke St North West', 'Sherbrooke Street NW'],
    ])('read the street %j as the profile’s %j', (onStatement, inProfile) => {
      const input = rrsp({
        receiving: {
          accountType: 'RSP',
          holders: [{ ...helene, address: { ...helene.address, streetName: inProfile } }],
        },
      });
      input.statement.address = { ...input.statement.address, streetName: onStatement };
      expect(precheckTransfer(input)).toEqual({ ok: true, problems: [] });
    });

    it('pass a city printed without its accents', () => {
      const input = rrsp();
      input.statement.address = { ...input.statement.address, city: 'MONTREAL' };
      expect(precheckTransfer(input).problems).toEqual([]);
    });

    it('want the street, city and postal code', () => {
      const input = rrsp();
      input.statement.address = { ...input.statement.address, city: '', postalCode: '' };
      expect(precheckTransfer(input).problems).toEqual([
        { field: 'statement.address.city', code: 'required' },
        { field: 'statement.address.postalCode', code: 'required' },
      ]);
    });
  });

  describe('the holders of a joint account', () => {
    const joint = (statementHolders: TransferPrecheckInput['statement']['holders']) =>
      rrsp({
        deliveringAccountType: 'Margin',
        statement: { holders: statementHolders, address: helene.address },
        receiving: { accountType: 'Margin', holders: [helene, marc] },
      });

    it('pass the same people, listed in either order', () => {
      expect(precheckTransfer(joint([marc, helene])).ok).toBe(true);
      expect(precheckTransfer(joint([helene, marc])).ok).toBe(true);
    });

    it('refuse a joint account into an individual one, and the reverse', () => {
      expect(precheckTransfer(joint([helene])).problems).toEqual([
        {
          field: 'statement.holders',
          code: 'transferHoldersDiffer',
          values: { statement: '1', profile: '2' },
        },
      ]);
      const individual = rrsp({
        deliveringAccountType: 'Cash',
        receiving: { accountType: 'Cash', holders: [helene] },
      });
      individual.statement.holders = [helene, marc];
      expect(codes(precheckTransfer(individual).problems)).toEqual(['transferHoldersDiffer']);
    });

    it('compare each holder with the same person in the profile', () => {
      const result = precheckTransfer(joint([{ ...marc, firstName: 'Marco' }, helene]));
      expect(result.problems).toEqual([
        {
          field: 'statement.holders.0.firstName',
          code: 'statementNameDiffers',
          values: { statement: 'Marco', profile: 'Marc' },
        },
      ]);
    });
  });

  describe('the plan', () => {
    it('refuse an RRSP into a TFSA, naming both', () => {
      const result = precheckTransfer(
        rrsp({ receiving: { accountType: 'TFSA', holders: [helene] } }),
      );
      expect(result.problems).toEqual([
        {
          field: 'receiving.accountType',
          code: 'planNotAccepted',
          values: { delivering: 'RSP', receiving: 'TFSA' },
        },
      ]);
    });

    it('take an RRSP into a RRIF', () => {
      expect(
        precheckTransfer(rrsp({ receiving: { accountType: 'RIF', holders: [helene] } })).ok,
      ).toBe(true);
    });
  });

  describe('locked-in plans', () => {
    const lira = (from: 'QC' | 'ON' | null, to: 'QC' | 'ON' | null) =>
      rrsp({
        deliveringAccountType: 'LIRA',
        deliveringJurisdiction: from,
        receiving: { accountType: 'LIRA', jurisdiction: to, holders: [helene] },
      });

    it('pass a LIRA under the same law as the receiving one', () => {
      expect(precheckTransfer(lira('QC', 'QC')).ok).toBe(true);
    });

    it('want the law the plan is under', () => {
      expect(precheckTransfer(lira(null, 'QC')).problems).toEqual([
        { field: 'deliveringJurisdiction', code: 'jurisdictionRequired' },
      ]);
    });

    it('refuse another law, naming both', () => {
      expect(precheckTransfer(lira('ON', 'QC')).problems).toEqual([
        {
          field: 'deliveringJurisdiction',
          code: 'jurisdictionDiffers',
          values: { delivering: 'ON', receiving: 'QC' },
        },
      ]);
    });

    it('do not ask a plan that is not locked in for a law', () => {
      expect(precheckTransfer(rrsp({ deliveringJurisdiction: null })).ok).toBe(true);
    });
  });

  describe('a RRIF or LIF moved in kind', () => {
    const rrif = (changes: Partial<TransferPrecheckInput>) =>
      rrsp({
        deliveringAccountType: 'RIF',
        receiving: { accountType: 'RIF', holders: [helene] },
        ...changes,
      });

    it('says how this year’s unpaid minimum is paid', () => {
      expect(precheckTransfer(rrif({})).problems).toEqual([
        { field: 'unpaidMinimum', code: 'unpaidMinimumInstruction' },
      ]);
      expect(precheckTransfer(rrif({ transferType: transferTypes.ALL_ASSETS })).ok).toBe(false);
      expect(precheckTransfer(rrif({ unpaidMinimum: 'paidByDeliverer' })).ok).toBe(true);
    });

    it('need not say it when the fund moves in cash', () => {
      expect(precheckTransfer(rrif({ transferType: transferTypes.ALL_IN_CASH })).ok).toBe(true);
    });
  });

  describe('RESP transfers', () => {
    const resp = (deliveringContractNumber: string, receivingContractNumber = 'LT4471902') =>
      rrsp({
        deliveringAccountType: 'RESP',
        receiving: { accountType: 'RESP', holders: [helene] },
        resp: { deliveringContractNumber, receivingContractNumber },
      });

    it('pass real contract numbers, as printed with spaces or dashes', () => {
      expect(precheckTransfer(resp('5512-0093-1174')).ok).toBe(true);
    });

    it('refuse a missing, temporary or malformed contract number', () => {
      expect(precheckTransfer(resp('')).problems).toEqual([
        { field: 'resp.deliveringContractNumber', code: 'respContractNumberRequired' },
      ]);
      expect(codes(precheckTransfer(resp('TEMP-0042')).problems)).toEqual([
        'respContractNumberTemporary',
      ]);
      expect(codes(precheckTransfer(resp('5512', 'pending')).problems)).toEqual([
        'respContractNumberTemporary',
      ]);
      expect(codes(precheckTransfer(resp('ABC/123')).problems)).toEqual([
        'respContractNumberFormat',
      ]);
      expect(codes(precheckTransfer(resp('1234567890123456')).problems)).toEqual([
        'respContractNumberFormat',
      ]);
    });

    it('want the contract numbers at all', () => {
      const input = resp('5512');
      input.resp = null;
      expect(codes(precheckTransfer(input).problems)).toEqual([
        'respContractNumberRequired',
        'respContractNumberRequired',
      ]);
    });
  });

  describe('partial transfers', () => {
    const partial = (lines: TransferPrecheckInput['lines']) =>
      rrsp({ transferType: transferTypes.PARTIAL, lines });

    it('pass real symbols with quantities, and cash with an amount', () => {
      const result = precheckTransfer(
        partial([
          { kind: 'inKind', symbol: 'xiu', securityName: 'iShares S&P/TSX 60', quantity: 120 },
          { kind: 'inCash', symbol: 'BAM.A', securityName: 'Brookfield', quantity: 10.5 },
          { kind: 'cash', amountCents: 250_000 },
        ]),
      );
      expect(result).toEqual({ ok: true, problems: [] });
    });

    it('want at least one line', () => {
      expect(precheckTransfer(partial([])).problems).toEqual([
        { field: 'lines', code: 'partialLinesRequired' },
      ]);
    });

    it('refuse a made-up symbol, a missing name and a quantity of 0, on their lines', () => {
      const result = precheckTransfer(
        partial([
          { kind: 'inKind', symbol: 'XIU', securityName: 'iShares', quantity: 1 },
          { kind: 'inKind', symbol: 'my shares', securityName: ' ', quantity: 0 },
          { kind: 'inCash', symbol: '', securityName: 'Royal Bank', quantity: -3 },
          { kind: 'cash', amountCents: 0 },
        ]),
      );
      expect(result.problems).toEqual([
        { field: 'lines.1.symbol', code: 'symbolFormat' },
        { field: 'lines.1.securityName', code: 'securityNameRequired' },
        { field: 'lines.1.quantity', code: 'quantityPositive' },
        { field: 'lines.2.symbol', code: 'symbolRequired' },
        { field: 'lines.2.quantity', code: 'quantityPositive' },
        { field: 'lines.3.amountCents', code: 'cashAmountRequired' },
      ]);
    });

    it('ignore lines when the whole account moves', () => {
      expect(precheckTransfer(rrsp({ lines: [] })).ok).toBe(true);
    });
  });
});

describe('isPlausibleSymbol', () => {
  it('takes exchange tickers with their class, unit and preferred suffixes', () => {
    for (const symbol of [
      'TD',
      'SHOP',
      'BAM.A',
      'RCI.B',
      'REI.UN',
      'BCE.PR.A',
      'BRK-B',
      'TSX:XIU',
    ]) {
      expect(isPlausibleSymbol(symbol), symbol).toBe(true);
    }
  });

  it('takes fund codes and CUSIPs whose check digit is right', () => {
    expect(isPlausibleSymbol('TDB902')).toBe(true);
    expect(isPlausibleSymbol('FID281')).toBe(true);
    expect(isPlausibleSymbol('037833100')).toBe(true);
    expect(isPlausibleSymbol('037833101')).toBe(false);
  });

  it('refuses what no exchange lists', () => {
    for (const symbol of ['', '123', 'APPLE INC', 'TOOLONG', 'X.Y.Z.W', '$$$']) {
      expect(isPlausibleSymbol(symbol), symbol).toBe(false);
    }
  });
});
