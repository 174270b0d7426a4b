import { describe, expect, it } from 'vitest';
import {
  federalWithholdingBands,
  grossForNet,
  QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED,
  rifWithholding,
  withholdingBandOf,
  type WithholdingOptions,
} from './withholding.ts';

const ontario: WithholdingOptions = { province: 'ON' };

describe('withholding outside Quebec', () => {
  it.each([
    [1, 10],
    [500_000, 10],
    [500_001, 20],
    [1_500_000, 20],
    [1_500_001, 30],
    [10_000_000, 30],
  ])('puts an excess of %i cents in the %i% band', (excess, percent) => {
    expect(withholdingBandOf(excess, federalWithholdingBands).federalPercent).toBe(percent);
  });

  it('withholds nothing on the minimum', () => {
    const tax = rifWithholding(1_000_000, 1_000_000, ontario);
    expect(tax.totalCents).toBe(0);
    expect(tax.netCents).toBe(1_000_000);
    expect(rifWithholding(800_000, 1_000_000, ontario).totalCents).toBe(0);
  });

  it('withholds on the excess only, at its band’s rate on all of it', () => {
    // $14,000 paid, $10,000 minimum: $4,000 excess at 10%.
    expect(rifWithholding(1_400_000, 1_000_000, ontario).totalCents).toBe(40_000);
    // Exactly $5,000 excess: still 10%.
    expect(rifWithholding(1_500_000, 1_000_000, ontario).totalCents).toBe(50_000);
    // $5,000.01 excess: 20% of all of it.
    expect(rifWithholding(1_500_001, 1_000_000, ontario).totalCents).toBe(100_000);
    // $15,000 excess: 20%; $15,000.01: 30%.
    expect(rifWithholding(2_500_000, 1_000_000, ontario).totalCents).toBe(300_000);
    expect(rifWithholding(2_500_001, 1_000_000, ontario).totalCents).toBe(450_000);
  });

  it('adds the client’s extra percentage on the whole payment', () => {
    const tax = rifWithholding(1_400_000, 1_000_000, { ...ontario, extraPercent: 10 });
    expect(tax.federalCents).toBe(40_000);
    expect(tax.extraCents).toBe(140_000);
    expect(tax.totalCents).toBe(180_000);
    expect(tax.netCents).toBe(1_220_000);
    // The extra applies to a minimum-only payment too.
    expect(rifWithholding(1_000_000, 1_000_000, { ...ontario, extraPercent: 10 }).totalCents).toBe(
      100_000,
    );
  });

  it('never withholds more than the payment', () => {
    const tax = rifWithholding(3_000_000, 0, { ...ontario, extraPercent: 100 });
    expect(tax.totalCents).toBe(3_000_000);
    expect(tax.netCents).toBe(0);
  });

  it('refuses an extra percentage outside 0 to 100', () => {
    expect(() => rifWithholding(100, 0, { ...ontario, extraPercent: 101 })).toThrow(RangeError);
    expect(() => rifWithholding(100, 0, { ...ontario, extraPercent: -1 })).toThrow(RangeError);
  });
});

describe('withholding in Quebec', () => {
  it('has a federal part of 5, 10 and 15% plus Quebec’s, unconfirmed 14% by default', () => {
    expect(QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED).toBe(14);
    const small = rifWithholding(1_400_000, 1_000_000, { province: 'QC' });
    expect(small.federalCents).toBe(20_000);
    expect(small.provincialCents).toBe(56_000);
    expect(rifWithholding(1_500_001, 1_000_000, { province: 'QC' }).federalCents).toBe(50_000);
    expect(rifWithholding(2_500_001, 1_000_000, { province: 'QC' }).federalCents).toBe(225_000);
  });

  it('takes Quebec’s rate from configuration', () => {
    const tax = rifWithholding(1_400_000, 1_000_000, { province: 'QC', quebecPercent: 16 });
    expect(tax.provincialCents).toBe(64_000);
  });
});

describe('grossForNet', () => {
  const netOf = (gross: number, minimum: number, options: WithholdingOptions) =>
    rifWithholding(gross, minimum, options).netCents;

  it('is the net itself when nothing is withheld', () => {
    expect(grossForNet(800_000, 1_000_000, ontario)).toBe(800_000);
  });

  it('grosses up an excess in the first band', () => {
    // $4,500 net with no minimum: $5,000 less 10%.
    expect(grossForNet(450_000, 0, ontario)).toBe(500_000);
  });

  it('finds the smallest gross paying at least the net, across a band’s edge', () => {
    // $4,500.01 net is past what the 10% band can pay: it takes a gross in the 20% band.
    const gross = grossForNet(450_001, 0, ontario);
    expect(gross).toBeGreaterThan(500_000);
    expect(netOf(gross, 0, ontario)).toBeGreaterThanOrEqual(450_001);
    expect(netOf(gross - 1, 0, ontario)).toBeLessThan(450_001);
  });

  it('accounts for the minimum and the extra percentage', () => {
    const options = { ...ontario, extraPercent: 10 };
    const gross = grossForNet(1_200_000, 1_000_000, options);
    expect(netOf(gross, 1_000_000, options)).toBeGreaterThanOrEqual(1_200_000);
    expect(netOf(gross - 1, 1_000_000, options)).toBeLessThan(1_200_000);
  });
});
