import { describe, expect, it } from 'vitest';
import {
  applicationAtProfile,
  profileAnswers,
  putStep,
  saveStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer, formHeaders, registerUser, signedInUser, uniqueEmail } from '../../test/users.ts';
import { findUserByEmail, updateUser } from '../security/security.repo.ts';

/** Issue 12 item 1: one name rule at registration, in the settings, on the profile, at sign-in. */

const USERS = '/service/jaxrs/users';
const ACCOUNT = '/service/jaxrs/account';

describe('names', () => {
  const { test, alice } = signedInTestApp('alice');

  const userInfo = async (token: string) =>
    (await test.app.inject({ url: USERS, headers: bearer(token) })).json<{
      firstName: string;
      lastName: string;
      nameNeedsCorrection: boolean;
    }>();

  /** An account created before the rule, with a name it refuses now. */
  async function legacyAccount(firstName: string, lastName: string) {
    const user = await signedInUser(test.app, 'legacy');
    const row = await findUserByEmail(test.app.db, user.email);
    await updateUser(test.app.db, row!.id, { firstName, lastName });
    return user;
  }

  describe('registration', () => {
    it('refuses Anne (Annie) and says which characters, on the page in both languages', async () => {
      const post = (language: 'en' | 'fr') =>
        test.app.inject({
          method: 'POST',
          url: '/security/register',
          headers: { ...formHeaders, accept: 'text/html', cookie: `lang=${language}` },
          payload: new URLSearchParams({
            email: uniqueEmail('anne'),
            password: 'Maple-Leaf-Harbour-2026',
            firstName: 'Anne (Annie)',
            lastName: 'Tremblay, Jr.',
            language,
          }).toString(),
        });
      const english = await post('en');
      expect(english.statusCode).toBe(400);
      expect(english.body).toContain('Not allowed in a name: ( ). A name may contain letters');
      expect(english.body).toContain('value="Anne (Annie)"');
      const french = await post('fr');
      expect(french.statusCode).toBe(400);
      expect(french.body).toContain('Caractères non permis dans un nom\u00a0: ( ).');
    });

    it('answers the code with its characters to a script, and accepts suffixes and ’', async () => {
      const refused = await registerUser(test.app, { firstName: 'Zoë 😀' });
      expect(refused.response.statusCode).toBe(400);
      expect(refused.response.json<ErrorBody>().fields).toEqual({
        firstName: 'nameCharacters:😀',
      });
      const accepted = await registerUser(test.app, {
        firstName: 'Seán',
        lastName: 'O’Brien, Jr.',
      });
      expect(accepted.response.statusCode).toBe(201);
    });
  });

  describe('user info', () => {
    it('asks an account whose name the rule refuses to correct it, until it is corrected', async () => {
      const legacy = await legacyAccount('Anne (Annie)', 'Tremblay');
      expect(await userInfo(legacy.token)).toMatchObject({ nameNeedsCorrection: true });
      const renamed = await test.app.inject({
        method: 'PUT',
        url: `${ACCOUNT}/name`,
        headers: bearer(legacy.token),
        payload: { firstName: 'Anne', lastName: 'Tremblay' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(await userInfo(legacy.token)).toMatchObject({
        firstName: 'Anne',
        nameNeedsCorrection: false,
      });
    });

    it('does not ask an account whose name the rule accepts', async () => {
      expect(await userInfo(alice.token)).toMatchObject({ nameNeedsCorrection: false });
    });
  });

  describe('the settings', () => {
    it('refuses the characters a name cannot have, naming them', async () => {
      const refused = await test.app.inject({
        method: 'PUT',
        url: `${ACCOUNT}/name`,
        headers: bearer(alice.token),
        payload: { firstName: 'Anne (Annie)', lastName: 'R2-D2' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().fields).toEqual({
        firstName: 'nameCharacters:( )',
        lastName: 'nameCharacters:2',
      });
    });
  });

  describe('the profile', () => {
    it("saving the applicant's own profile renames their account, in the same save", async () => {
      const user = await signedInUser(test.app, 'profile-name');
      const application = await applicationAtProfile(test.app, user.token);
      await saveStep(
        test.app,
        user.token,
        application.id,
        'profile',
        application.version,
        profileAnswers(undefined, { firstName: 'Seán', lastName: ' Tremblay,  Jr. ' }),
      );
      expect(await userInfo(user.token)).toMatchObject({
        firstName: 'Seán',
        lastName: 'Tremblay, Jr.',
        nameNeedsCorrection: false,
      });
    });

    it('refuses a name the rule refuses, naming the characters, and leaves the account', async () => {
      const user = await signedInUser(test.app, 'profile-refused');
      const before = await userInfo(user.token);
      const application = await applicationAtProfile(test.app, user.token);
      const response = await putStep(
        test.app,
        user.token,
        application.id,
        'profile',
        application.version,
        profileAnswers(undefined, { firstName: 'Anne (Annie)' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().fields).toMatchObject({
        'data.firstName': 'nameCharacters:( )',
      });
      expect(await userInfo(user.token)).toMatchObject({ firstName: before.firstName });
    });
  });
});
