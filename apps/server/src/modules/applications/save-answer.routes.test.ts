import { describe, expect, it } from 'vitest';
import {
  applicationAtProfile,
  MONTREAL_HOME,
  profileAnswers,
  putStep,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';

describe('a step save answers the step as the server keeps it', () => {
  const { test, alice } = signedInTestApp('alice');

  it('answers the normalized profile: postal code and phone normalized, SIN only masked', async () => {
    const application = await applicationAtProfile(test.app, alice.token);
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(
        { ...MONTREAL_HOME, postalCode: 'h2l1s5' },
        { sin: '130-692-544', email: ' Camille@Example.com ', confirmEmail: 'camille@example.com' },
      ),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ version: number; saved: Record<string, unknown> }>();
    expect(body.version).toBe(application.version + 1);
    expect(body.saved).toMatchObject({
      homeAddress: { postalCode: 'H2L 1S5' },
      email: 'camille@example.com',
      sinMasked: '*** *** 544',
      totalNetWorth: 440000,
    });
    expect(body.saved).not.toHaveProperty('sin');
    expect(body.saved).not.toHaveProperty('sinEncrypted');
    expect(response.body).not.toContain('130692544');
  });

  it('answers the other steps as saved too', async () => {
    const application = await applicationAtProfile(test.app, alice.token);
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      'account',
      application.version,
      {},
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ saved: unknown }>().saved).toEqual({});
  });

  it('refuses amounts in exponent notation or beyond a billion, saying why', async () => {
    const application = await applicationAtProfile(test.app, alice.token);
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(MONTREAL_HOME, { annualIncome: '1e9', netFixedAssets: 2e9 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      'data.annualIncome': 'amountFormat',
      'data.netFixedAssets': 'amountTooLarge',
    });
  });
});
