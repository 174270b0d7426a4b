import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATIONS_URL, createApplication, getApplication } from '../test/applications.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../test/users.ts';

const BOUNDARY = 'portal-test-boundary';
const multipartBody = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="goals"',
  '',
  '1',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

describe('multipart bodies outside the upload modules', () => {
  let test: TestApp;
  let person: TestUser;

  beforeAll(async () => {
    test = await createTestApp();
    person = await signedInUser(test.app, 'uploads');
  });
  afterAll(() => test.close());

  it('refuses a multipart step save as an unsupported media type, and saves nothing', async () => {
    const application = await createApplication(test.app, person.token);
    const response = await test.app.inject({
      method: 'PUT',
      url: `${APPLICATIONS_URL}/${application.id}/steps/goals`,
      headers: {
        ...bearer(person.token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipartBody,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ errorCode: 'unsupportedMediaType' });
    const after = await getApplication(test.app, person.token, application.id);
    expect(after.json<{ steps: Record<string, unknown> }>().steps.goals).toBeUndefined();
  });
});
