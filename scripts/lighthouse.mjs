// `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) against every
// public screen of the built product, signed out, in English and in French, and the profile
// step signed in (a person registered for the run, with an application answered up to that
// step through the API), with Debian's Chromium. Prints performance and accessibility with LCP,
// CLS and TBT, and fails when a public screen scores under 95 for performance (the profile
// step under 90) or any under 100 for accessibility (issue 18, ADR 0027; issue 31, ADR 0031).
// Not part of CI: a run takes minutes.
//
//   npm run lighthouse                      every screen, both languages
//   npm run lighthouse -- --only version    screens whose name contains "version"
//   npm run lighthouse -- --details         also the failing audits of every screen
//   npm run lighthouse -- --runs 3          the median of three runs per screen
//   npm run lighthouse -- --save /tmp/lh    also each kept report, as JSON (for the trace's
//                                           main-thread breakdown and bootup per script)
//
// LIGHTHOUSE_PORT (default 28190) is the loopback port of the server it starts on a fresh
// embedded database; CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureWebBuild } from './ensure-web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 28190);
const base = `http://127.0.0.1:${port}`;
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const details = args.includes('--details');
/** Runs per screen; the median run (by performance score) is kept, as Lighthouse advises. */
const runs = args.includes('--runs') ? Math.max(1, Number(args[args.indexOf('--runs') + 1])) : 1;
const saveDir = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;

const MIN_PERFORMANCE = 95;
const MIN_SIGNED_IN_PERFORMANCE = 90;
const MIN_ACCESSIBILITY = 100;
/** Where the client keeps its access token (apps/web/src/lib/session-token.ts). */
const TOKEN_KEY = 'portal.accessToken';
const SIGNED_IN_SCREEN = 'profile step (signed in)';

/**
 * Every screen a visitor who is not signed in can reach; the last is rendered by the server.
 * @type {[name: string, path: string][]}
 */
const allScreens = [
  ['version', '/#/version'],
  ['error', '/#/error'],
  ['express-error', '/#/express-error'],
  ['home/dashboard', '/#/home/dashboard'],
  ['not-found', '/#/not-found'],
  ['trial-error', '/#/trial-error'],
  ['advisor-error', '/#/advisor-error'],
  ['action', '/#/action'],
  ['sign-in (server)', '/security/login'],
  // Its address (the application's id) is made for each language by signedInProfileStep.
  [SIGNED_IN_SCREEN, ''],
];
const screens = allScreens.filter(([name]) => !only || name.includes(only));

/**
 * A person registered in `language` (as the register page does), signed in, with an
 * application answered through the API up to the profile step (an individual TFSA), as
 * e2e/support/seed.ts does: answers the step's address and the person's access token.
 * @param {'en' | 'fr'} language
 */
async function signedInProfileStep(language) {
  const email = `lighthouse.${language}.${Date.now()}@example.com`;
  const password = 'Maple-Leaf-Harbour-2026';
  const form = (/** @type {Record<string, string>} */ fields) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: /** @type {const} */ ('manual'),
  });
  const names = { firstName: 'Zoë', lastName: "O'Brien-Côté", language };
  const registered = await fetch(`${base}/security/register`, form({ email, password, ...names }));
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await fetch(`${base}/security/login`, form({ username: email, password }));
  if (login.status !== 204) throw new Error(`login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const authorized = await fetch(
    `${base}/security/oauth/authorize?client_id=clientOnlineApp&response_type=token`,
    { headers: { cookie } },
  );
  const token = (await authorized.text()).trim();
  if (authorized.status !== 200 || !token) throw new Error(`authorize: ${authorized.status}`);
  const api = async (/** @type {string} */ method, /** @type {string} */ url, body = {}) => {
    const response = await fetch(`${base}/service/jaxrs${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return /** @type {{ id: string, version: number }} */ (await response.json());
  };
  const created = await api('POST', '/applications');
  let version = created.version;
  for (const [step, data] of /** @type {const} */ ([
    ['ownership', { ownershipTypeId: 1 }],
    ['doyouknow', { knowsAccount: true }],
    ['allaccounts', { accounts: ['tfsa'] }],
    ['account', {}],
  ])) {
    version = (await api('PUT', `/applications/${created.id}/steps/${step}`, { version, data }))
      .version;
  }
  return { path: `/#/application/${created.id}/profile`, token };
}

/** @param {import('node:child_process').ChildProcess} server */
async function waitForHealth(server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /healthz within a minute');
}

/** @param {string} dataDir */
function startServer(dataDir) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
  });
}

/** @param {number | undefined} ms */
const seconds = (ms = 0) => (ms / 1000).toFixed(2);

/** @typedef {import('lighthouse').Result} Lhr */

/**
 * The audits of a category that did not pass, with Lighthouse's one-line reason.
 * @param {Lhr} lhr
 * @param {'performance' | 'accessibility'} category
 */
function failing(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category === 'accessibility')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit?.id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/**
 * The elements that moved (Lighthouse's layout-shifts audit), largest first: what to hold in
 * place when CLS is not 0.
 * @param {Lhr} lhr
 * @returns {string[]}
 */
function layoutShifts(lhr) {
  const details =
    /** @type {{ items?: { score?: number, node?: { selector?: string, snippet?: string } }[] } | undefined} */ (
      lhr.audits['layout-shifts']?.details
    );
  return (details?.items ?? []).map(
    (item) =>
      `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? ''} ${item.node?.snippet?.slice(0, 120) ?? ''}`,
  );
}

/**
 * The main thread's long tasks (over 50 ms, what TBT counts), longest first, with where they
 * start; and the host's speed as Lighthouse measured it (its `benchmarkIndex`: the simulated 4x
 * slowdown multiplies the host's own task times, so a slower host scores lower).
 * @param {Lhr} lhr
 * @returns {string[]}
 */
function longTasks(lhr) {
  const details =
    /** @type {{ items?: { duration?: number, startTime?: number, url?: string }[] } | undefined} */ (
      lhr.audits['long-tasks']?.details
    );
  const tasks = (details?.items ?? []).map(
    (task) =>
      `${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms ${(task.url ?? '').replace(base, '')}`,
  );
  const benchmark = /** @type {{ benchmarkIndex?: number }} */ (lhr.environment ?? {})
    .benchmarkIndex;
  return [`host benchmark index ${benchmark ?? '?'}`, ...tasks.slice(0, 8)];
}

/**
 * One Lighthouse run; a run whose trace came out unusable (NO_NAVSTART, NO_LCP: Chromium on
 * a busy machine) is tried again, twice at most.
 */
/**
 * @param {string} url
 * @param {number} chromePort
 * @param {import('puppeteer-core').Page} page
 * @param {boolean} [keepStorage]
 * @returns {Promise<Lhr>}
 */
async function audit(url, chromePort, page, keepStorage = false) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: ['performance', 'accessibility'],
        // Signed in: the tab's session storage holds the token (caches are still cleared).
        disableStorageReset: keepStorage,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`     again (${lhr.runtimeError.code}): ${url}`);
  }
}

async function main() {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const server = startServer(dataDir);
  /** @type {import('chrome-launcher').LaunchedChrome | undefined} */
  let chrome;
  let browser;
  const rows = [];
  // Stopped (Ctrl-C), the browser and the server stop too and the data folder goes.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      chrome?.kill();
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    await waitForHealth(server);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    for (const language of ['en', 'fr']) {
      // A real cookie, as the language switch leaves it: the server picks the page by it and
      // the client reads it. Lighthouse clears caches between runs, not cookies.
      await browser.deleteCookie(...(await browser.cookies()));
      if (language === 'fr')
        await browser.setCookie({ name: 'lang', value: 'fr', domain: '127.0.0.1', path: '/' });
      for (const [name, screenPath] of screens) {
        const signedIn = name === SIGNED_IN_SCREEN;
        let url = `${base}${screenPath}`;
        if (signedIn) {
          const step = await signedInProfileStep(/** @type {'en' | 'fr'} */ (language));
          url = `${base}${step.path}`;
          // The token where the client keeps it, in this tab, as #/oauth leaves it.
          await page.goto(`${base}/#/version`);
          await page.evaluate(
            `sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(step.token)})`,
          );
        }
        const attempts = [];
        for (let run = 0; run < runs; run += 1) {
          attempts.push(await audit(url, chrome.port, page, signedIn));
        }
        attempts.sort(
          (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
        );
        const lhr = /** @type {Lhr} */ (attempts[Math.floor(attempts.length / 2)]);
        const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        /** @param {string} id */
        const metric = (id) => lhr.audits[id]?.numericValue ?? 0;
        const minimum = signedIn ? MIN_SIGNED_IN_PERFORMANCE : MIN_PERFORMANCE;
        const row = {
          minimum,
          screen: name,
          language,
          performance,
          accessibility,
          LCP: seconds(metric('largest-contentful-paint')),
          FCP: seconds(metric('first-contentful-paint')),
          CLS: metric('cumulative-layout-shift').toFixed(3),
          TBT: Math.round(metric('total-blocking-time')),
          'final URL': lhr.finalDisplayedUrl.replace(base, ''),
        };
        rows.push(row);
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const file = `${name.replace(/[^a-z]+/g, '-')}.${language}.json`;
          writeFileSync(path.join(saveDir, file), JSON.stringify(lhr));
        }
        const pass = performance >= minimum && accessibility >= MIN_ACCESSIBILITY;
        console.log(
          `${pass ? 'ok  ' : 'FAIL'} ${language} ${name}: performance ${performance}, accessibility ${accessibility}, LCP ${row.LCP} s, CLS ${row.CLS}, TBT ${row.TBT} ms`,
        );
        if (!pass || details) {
          const notes = [...failing(lhr, 'performance'), ...failing(lhr, 'accessibility')];
          if (notes.length > 0) console.log(`       not passed: ${notes.join(', ')}`);
          for (const shift of layoutShifts(lhr)) console.log(`       shift: ${shift}`);
          for (const task of longTasks(lhr)) console.log(`       long task: ${task}`);
        }
      }
    }
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(rows);
  const failed = rows.filter(
    (row) => row.performance < row.minimum || row.accessibility < MIN_ACCESSIBILITY,
  );
  console.log(
    failed.length === 0
      ? `every screen at its performance goal (${MIN_PERFORMANCE}, signed in ${MIN_SIGNED_IN_PERFORMANCE}) and accessibility ${MIN_ACCESSIBILITY}`
      : `${failed.length} of ${rows.length} under their performance goal or accessibility ${MIN_ACCESSIBILITY}`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

await main();
