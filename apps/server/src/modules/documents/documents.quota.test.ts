import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUploadQuotaBytes, loadConfig, uploadQuotaBytesOf } from '../../config.ts';
import { createApplication, type ErrorBody } from '../../test/applications.ts';
import { documentsUrl, pdf, postDocument } from '../../test/documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser } from '../../test/users.ts';

const KB = 1024;
const QUOTA = 50 * KB;

const upload = (app: FastifyInstance, token: string, applicationId: string, size: number) =>
  postDocument(
    app,
    token,
    applicationId,
    { documentType: 'bankStatement' },
    { fileName: 'statement.pdf', content: pdf(size), contentType: 'application/pdf' },
  );

/** Bytes of the documents this person uploaded, as the database holds them. */
async function storedBytes(app: FastifyInstance, email: string): Promise<number> {
  const result = (await app.db.execute(
    sql`select coalesce(sum(d.size), 0)::int as total from application_documents d
        join users u on u.id = d.uploaded_by where u.email = ${email}`,
  )) as unknown as { rows: { total: number }[] };
  return Number(result.rows[0]?.total ?? 0);
}

describe('the storage quota of one person, across all their applications', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ uploadQuotaBytes: QUOTA });
  });
  afterAll(() => test.close());

  it('refuses an upload that would pass it with 409 storageQuotaExceeded, storing nothing', async () => {
    const person = await signedInUser(test.app, 'quota');
    const first = (await createApplication(test.app, person.token)).id;
    expect((await upload(test.app, person.token, first, 30 * KB)).statusCode).toBe(201);
    expect((await upload(test.app, person.token, first, 15 * KB)).statusCode).toBe(201);

    const over = await upload(test.app, person.token, first, 10 * KB);
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>()).toEqual({
      errorCode: 'storageQuotaExceeded',
      message:
        'This file does not fit in the storage space you have left for documents. Delete a document you no longer need, or upload a smaller file.',
    });
    expect(await storedBytes(test.app, person.email)).toBe(45 * KB);

    // Another application of the same person shares the same space.
    const second = (await createApplication(test.app, person.token)).id;
    expect((await upload(test.app, person.token, second, 10 * KB)).statusCode).toBe(409);
    // What still fits is taken: exactly up to the quota.
    expect((await upload(test.app, person.token, second, 5 * KB)).statusCode).toBe(201);
    expect(await storedBytes(test.app, person.email)).toBe(QUOTA);
  });

  it('counts each person on their own, and frees space when a document is deleted', async () => {
    const full = await signedInUser(test.app, 'full');
    const other = await signedInUser(test.app, 'other');
    const applicationId = (await createApplication(test.app, full.token)).id;
    const big = await upload(test.app, full.token, applicationId, 45 * KB);
    expect(big.statusCode).toBe(201);
    expect((await upload(test.app, full.token, applicationId, 10 * KB)).statusCode).toBe(409);

    const theirs = (await createApplication(test.app, other.token)).id;
    expect((await upload(test.app, other.token, theirs, 45 * KB)).statusCode).toBe(201);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `${documentsUrl(applicationId)}/${big.json<{ id: string }>().id}`,
      headers: bearer(full.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await upload(test.app, full.token, applicationId, 10 * KB)).statusCode).toBe(201);
  });

  it('lets only one of several uploads at once near the quota pass, even into other applications', async () => {
    const person = await signedInUser(test.app, 'racing');
    const applications = await Promise.all(
      [1, 2, 3, 4].map(async () => (await createApplication(test.app, person.token)).id),
    );
    expect((await upload(test.app, person.token, applications[0] ?? '', 30 * KB)).statusCode).toBe(
      201,
    );

    // Each would fit alone; any two together would not. Each goes to an application of its
    // own, so only the lock on the uploader (not the application's row) keeps them in turn.
    const answers = await Promise.all(
      applications.map((applicationId) => upload(test.app, person.token, applicationId, 15 * KB)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await storedBytes(test.app, person.email)).toBe(45 * KB);
  });
});

describe('UPLOAD_QUOTA_MB', () => {
  it('defaults to 200 MB, and a configuration built in code gets the same', () => {
    expect(loadConfig({}).uploadQuotaBytes).toBe(200 * 1024 * 1024);
    expect(uploadQuotaBytesOf({})).toBe(defaultUploadQuotaBytes);
    expect(defaultUploadQuotaBytes).toBe(200 * 1024 * 1024);
  });

  it('is read in megabytes and must be a positive whole number', () => {
    expect(loadConfig({ UPLOAD_QUOTA_MB: '500' }).uploadQuotaBytes).toBe(500 * 1024 * 1024);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '0' })).toThrow(/UPLOAD_QUOTA_MB/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: 'lots' })).toThrow(/UPLOAD_QUOTA_MB/);
  });
});
