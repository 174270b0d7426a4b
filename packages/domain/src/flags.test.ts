import { describe, expect, it } from 'vitest';
import { flagEnvironmentOfHost, safeFlagDefaults } from './flags.ts';

describe('the flag environment of a host name (spec section 6)', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['::1', 'local'],
    ['portal.local', 'local'],
    ['10.0.0.12', 'local'],
    ['demo.laurentide.example', 'demo'],
    ['portal-demo.laurentide.example', 'demo'],
    ['staging.laurentide.example', 'staging'],
    ['portal.stage.laurentide.example', 'staging'],
    ['test2.laurentide.example', 'test'],
    ['qa.laurentide.example', 'test'],
    ['uat-portal.laurentide.example', 'test'],
    ['ouvrir.laurentide.example', 'production'],
    ['demonstration.laurentide.example', 'production'],
    ['latest.laurentide.example', 'production'],
    ['PORTAL.LAURENTIDE.EXAMPLE.', 'production'],
  ])('%s is %s', (host, environment) => {
    expect(flagEnvironmentOfHost(host)).toBe(environment);
  });

  it('never bypasses identity by default', () => {
    expect(safeFlagDefaults['bypass-qualId']).toBe(false);
  });
});
