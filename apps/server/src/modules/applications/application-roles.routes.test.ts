import { describe, expect, it } from 'vitest';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer, signedInWithRole } from '../../test/users.ts';

const APPLICATIONS = '/service/jaxrs/applications';

describe('who may start an application (spec section 6; issue 17)', () => {
  const { test, client } = signedInTestApp('client');

  it('a client may', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: APPLICATIONS,
      headers: bearer(client.token),
    });
    expect(response.statusCode).toBe(201);
  });

  it.each(['trial', 'advisor', 'staff'] as const)(
    'a %s user gets 404 and no application exists for them',
    async (role) => {
      const person = await signedInWithRole(test.app, role);
      const response = await test.app.inject({
        method: 'POST',
        url: APPLICATIONS,
        headers: bearer(person.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'notFound' });
      const listed = await test.app.inject({
        method: 'GET',
        url: APPLICATIONS,
        headers: bearer(person.token),
      });
      expect(listed.json()).toEqual([]);
    },
  );
});
