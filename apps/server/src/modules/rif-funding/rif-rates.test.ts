import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, rifRatesOf } from '../../config.ts';

describe('the RRIF payout rates of the configuration (ADR 0022)', () => {
  it('default to the unconfirmed 14% Quebec part and 6% bond yield', () => {
    expect(rifRatesOf(loadConfig({}))).toEqual({ quebecExcessPercent: 14, lifBondRatePercent: 6 });
  });

  it('take RIF_QUEBEC_EXCESS_PERCENT and LIF_BOND_RATE_PERCENT from the environment', () => {
    const config = loadConfig({ RIF_QUEBEC_EXCESS_PERCENT: '16', LIF_BOND_RATE_PERCENT: '3.42' });
    expect(rifRatesOf(config)).toEqual({ quebecExcessPercent: 16, lifBondRatePercent: 3.42 });
  });

  it('refuse a percentage outside 0 to 100, naming the variable', () => {
    expect(() => loadConfig({ RIF_QUEBEC_EXCESS_PERCENT: '140' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIF_BOND_RATE_PERCENT: 'six' })).toThrow(/LIF_BOND_RATE_PERCENT/);
  });
});
