import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '@portal/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployLocal, type DeployLocal } from './test/deploy/deploy-local.ts';
import {
  APPLICANT_SIN_MASKED,
  applicationToProfile,
  documentContent,
  profileWithSin,
  register,
  savedSteps,
  saveStep,
  signIn,
  uploadStatement,
  type ApplicationOverHttp,
} from './test/journey/applicant-over-http.ts';
import { eventually, HttpPerson } from './test/journey/http-person.ts';

/**
 * Issue 36, "two instances behind a real proxy": `npm run deploy:local -- --production` as a
 * test. Two instances of the real server on one PostgreSQL database, in production mode
 * (NODE_ENV=production, SANDBOX_VENDORS off, every vendor role on its contract fake), behind
 * Debian's nginx ending TLS with a certificate of a CA made for the run. An applicant walks over
 * https through nginx: cookies are Secure with `__Secure-` names, redirects stay on https, and
 * the instance that saved a step is stopped with SIGTERM: the journey goes on through the other
 * instance with nothing lost. nginx's access log says which instance answered each request.
 *
 * PostgreSQL pass only (TEST_DATABASE_URL), with nginx and openssl installed (.ci/run).
 */
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** A metric's samples in Prometheus text, each line's labels and value. */
function samplesOf(text: string, name: string) {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => ({
      labels: line.slice(name.length, line.lastIndexOf(' ')),
      value: Number(line.slice(line.lastIndexOf(' ') + 1)),
    }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'issue 36: a journey over https through nginx to two production instances, one stopped midway (PostgreSQL)',
  () => {
    let local: DeployLocal;
    let person: HttpPerson;
    let email = '';
    let application: ApplicationOverHttp;

    beforeAll(async () => {
      local = await deployLocal({
        postgresUrl: process.env.TEST_DATABASE_URL ?? '',
        production: true,
        extraEnvironment: {
          WEB_DIST_DIR: path.join(
            tmpdir(),
            `portal-no-web-client-${randomBytes(4).toString('hex')}`,
          ),
          OUTBOX_POLL_MS: '200',
          AUDIT_CHAIN_POLL_MS: '500',
          METRICS_TOKEN,
        },
      });
      person = new HttpPerson(local.deployment.url, local.deployment.fetch);
    }, 300_000);

    afterAll(async () => {
      await local?.stop();
    }, 60_000);

    /** The instances' and nginx's logs, for a failure's message. */
    const logs = () =>
      [
        ...local.deployment.instances.map(
          (instance) => `--- ${instance.url} ---\n${instance.output().slice(-3000)}`,
        ),
        `--- nginx ---\n${local.deployment.nginx.output()}`,
        local.deployment.nginx.accessLog().slice(-20).join('\n'),
      ].join('\n');

    /** The upstream of an access log line (after a retry, the last one tried). */
    const upstreamOf = (line: string) => line.split('upstream=')[1]?.split(', ').at(-1) ?? '';

    /** The upstream that answered `method path` last (nginx logs a request once it has answered). */
    const answeredBy = (method: string, pathname: string) =>
      eventually(`${method} ${pathname} in nginx's access log`, async () => {
        const line = local.deployment.nginx
          .accessLog()
          .findLast((each) => each.startsWith(`${method} ${pathname} `));
        return line && upstreamOf(line);
      });

    it('is production: the verification mail leaves through the SMTP fake, and no sandbox page is served', async () => {
      email = await register(person, 'deploy.local');
      const sent = await eventually('the verification mail at the SMTP fake', async () =>
        local.vendors?.mail.mails.find((mail) => mail.to.some((to) => to.includes(email))),
      );
      expect(sent.data).toContain('no-reply@laurentide.example');
      const sandbox = await person.get('/sandbox/mailbox');
      expect(sandbox.status).toBe(404);
    }, 60_000);

    // The language preference is the one cookie without the prefix: the web client writes and
    // reads it (`lang`, not HttpOnly), and one planted over http only changes the language.
    it('signs in over https: every cookie is Secure, each but the language named __Secure-, the session HttpOnly', async () => {
      const signedIn = await signIn(person, email);
      const cookies = signedIn.headers.getSetCookie();
      expect(cookies.length, logs()).toBeGreaterThan(0);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*Secure(;|$)/i);
        if (!cookie.startsWith(`${LANGUAGE_COOKIE}=`)) expect(cookie).toMatch(/^__Secure-/);
      }
      const session = cookies.find((cookie) => cookie.startsWith('__Secure-portal_session='));
      expect(session, cookies.join('\n')).toMatch(/;\s*HttpOnly(;|$)/i);
      expect([...person.cookies.keys()]).toContain('__Secure-portal_session');
      expect(
        [...person.cookies.keys()].filter(
          (name) => !name.startsWith('__Secure-') && name !== LANGUAGE_COOKIE,
        ),
      ).toEqual([]);
      expect(signedIn.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    }, 60_000);

    it('keeps redirects on https: a page opened at 127.0.0.1 moves to PUBLIC_URL, and a sign-in form returns to a relative address', async () => {
      const { url } = local.deployment;
      const port = new URL(url).port;
      const byAddress = new HttpPerson(`https://127.0.0.1:${port}`, local.deployment.fetch);
      const moved = await byAddress.get('/security/login', {
        headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      });
      expect(moved.status).toBe(302);
      expect(moved.headers.get('location')).toBe(`${url}/security/login`);

      const browser = new HttpPerson(url, local.deployment.fetch);
      const form = await browser.post('/security/login', {
        form: { username: email, password: 'Erable-Rouge-Saint-Laurent-2026' },
        headers: { accept: 'text/html' },
      });
      expect(form.status, form.text).toBe(303);
      const location = form.headers.get('location') ?? '';
      expect(new URL(location, url).origin).toBe(url);
      expect(browser.cookies.has('__Secure-portal_session')).toBe(true);
    }, 60_000);

    it('loses nothing when the instance that saved a step is stopped with SIGTERM: the journey goes on through the other', async () => {
      application = await applicationToProfile(person);
      await saveStep(person, application, 'profile', profileWithSin());
      const saver = local.deployment.instanceAt(
        await answeredBy('PUT', `/service/jaxrs/applications/${application.id}/steps/profile`),
      );
      expect(saver, logs()).toBeDefined();
      const other = local.deployment.instances.find((instance) => instance !== saver);
      await saver?.stop();
      expect(await saver?.exited, logs()).toBe(0);
      // Every request before the stop is logged by now: the last one answered before it.
      await answeredBy('PUT', `/service/jaxrs/applications/${application.id}/steps/profile`);
      const linesBefore = local.deployment.nginx.accessLog().length;

      // The same session and token, on the instance left: the step is there, and the next ones go on.
      const steps = await savedSteps(person, application);
      expect(steps.profile?.sinMasked).toBe(APPLICANT_SIN_MASKED);
      expect(steps.ownership).toEqual({ ownershipTypeId: 1 });
      const document = await uploadStatement(person, application);
      expect(
        (await documentContent(person, application, document.id)).equals(document.content),
      ).toBe(true);
      await saveStep(person, application, 'profile', profileWithSin(''));
      expect((await savedSteps(person, application)).profile?.sinMasked).toBe(APPLICANT_SIN_MASKED);

      const after = await eventually('the requests after the stop in the access log', async () => {
        const lines = local.deployment.nginx.accessLog().slice(linesBefore);
        return lines.length >= 5 ? lines : undefined;
      });
      for (const line of after) {
        expect(local.deployment.instanceAt(upstreamOf(line)), line).toBe(other);
      }
    }, 120_000);

    it('shows its work in the metrics of the instance left, scraped on its own address and not through nginx', async () => {
      const authorization = { authorization: `Bearer ${METRICS_TOKEN}` };
      const throughProxy = await person.get('/metrics', {
        headers: authorization,
        anonymous: true,
      });
      expect(throughProxy.status).toBe(404);
      const survivor = await eventually(
        'a job pass in the metrics of the instance left',
        async () => {
          // The stopped instance refuses the connection; the one left answers.
          for (const instance of local.deployment.instances) {
            const answer = await fetch(`${instance.url}/metrics`, { headers: authorization }).catch(
              () => undefined,
            );
            if (answer?.status !== 200) continue;
            const text = await answer.text();
            const passes = samplesOf(text, 'portal_job_passes_total').filter(
              (sample) => sample.value > 0,
            );
            if (passes.length > 0) return text;
          }
          return undefined;
        },
      );
      const steps = samplesOf(survivor, 'portal_http_requests_total').filter(
        (sample) => sample.labels.includes('/steps/') && sample.value > 0,
      );
      expect(steps, survivor.slice(0, 2000)).not.toEqual([]);
      expect(samplesOf(survivor, 'portal_outbox_backlog')).toHaveLength(1);
      // Route templates, never a path with an id.
      expect(survivor).not.toContain(application.id);
    }, 60_000);
  },
);
