import type { InvestorListItem, Page } from '@portal/domain/express/express-api';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from '../../db/seed/seed-demo-users.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorize, bearer, sessionCookieOf, signInWithCode } from '../../test/users.ts';
import { API } from './advisor.fixtures.ts';

describe('the demo advisor book', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ seedDemoUsers: true });
  });
  afterAll(() => test.close());

  it('gives Marc Gagnon investors to search, one already invited, and the API documents the paths', async () => {
    const email = 'advisor@demo.laurentide.ca';
    const signedIn = await signInWithCode(
      test.app,
      email,
      DEMO_PASSWORD,
      generateSync({ secret: DEMO_TOTP_SECRETS[email] }),
    );
    const token = (await authorize(test.app, sessionCookieOf(signedIn))).body;
    const page = (
      await test.app.inject({
        url: `${API}/qadvisor/search/investor/express`,
        headers: bearer(token),
      })
    ).json<Page<InvestorListItem>>();
    expect(page.items.map((item) => `${item.firstName} ${item.lastName}`)).toEqual([
      'Zoé Beaulieu-Nguyen',
      'Hannah Fitzgerald',
      'Louis-Philippe Lévesque',
      "Élise O'Brien-Côté",
    ]);
    const invited = page.items.filter((item) => item.latestInvitation !== null);
    expect(invited).toHaveLength(1);
    expect(invited[0]?.latestInvitation).toMatchObject({
      state: 'sent',
      accountTypes: ['tfsa', 'cash'],
    });

    const docs = (await test.app.inject({ url: '/service/docs' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>().paths;
    expect(docs['/service/jaxrs/qadvisor/investors/{id}/invitations']?.post?.tags).toEqual([
      'advisor',
    ]);
    expect(docs['/service/jaxrs/express/invitations/{token}/accept']?.post?.tags).toEqual([
      'express',
    ]);
  });
});
