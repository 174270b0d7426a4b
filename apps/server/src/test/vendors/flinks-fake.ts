// Just past 600 lines: Flinks publishes no OpenAPI document, so the fake carries each call's
// documented request and answer examples with their sources, and Connect's frame pages.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Flinks on a loopback port: the five API calls the adapter makes, and a small
 * Flinks Connect frame. Flinks publishes no OpenAPI document of its own to keep beside the
 * adapter (its reference pages render per-endpoint fragments), so this serves the request and
 * answer examples of its API reference, each with its source below (docs.flinks.com pages,
 * read for issue 34), and refuses what the reference does not describe: a missing or wrong
 * `flinks-auth-key` / `x-api-key`, a body field it does not list, a reused authorize token.
 * Where the reference is silent, the choice is the fake's own and says so.
 *
 * Connect (`GET /v2/?authorizeToken=&language=&tag=&redirectUrl=&innerRedirect=`) asks for a
 * username and password at "Flinks Capital", then a security question (as a bank would, inside
 * the frame), then posts Connect's documented REDIRECT event to the page around it and lands on
 * `redirectUrl` with `loginId`, `tag` and `institution` added, as Connect does.
 */
export interface FlinksFakeAccount {
  title: string;
  category: 'Operations' | 'Credits' | 'Products' | 'Other';
  type: string;
  currency: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
}

export interface FlinksFakeLogin {
  holderName: string;
  /** The tag of the Connect session that made the login. */
  tag: string;
  /** How many /GetAccountsDetailAsync calls answer 202 before the data (1 unless given). */
  pendingPolls?: number;
  accounts?: FlinksFakeAccount[];
}

export interface FlinksFake {
  /** The API's base (`https://{instance}-api.private.fin.ag` in production). */
  apiUrl: string;
  /** Flinks Connect's address (`https://{instance}-iframe.private.fin.ag/v2/`). */
  connectUrl: string;
  origin: string;
  customerId: string;
  apiKey: string;
  secretKey: string;
  /** Every API call, by name and answered status (no header or body kept). */
  calls: { call: string; status: number }[];
  /** Login ids deleted with /DeleteCard. */
  deleted: string[];
  /** The bodies the API received, by call (tests check the documented fields were sent). */
  bodies: { call: string; body: unknown }[];
  /** A login as Connect leaves it; its id. */
  addLogin(login: FlinksFakeLogin): string;
  /** The next `count` API calls answer 503 (an outage) before anything else. */
  failNext(count: number): void;
  /** Connect's logins get this holder name (the person the e2e journeys sign in as). */
  setHolderName(name: string): void;
  close(): Promise<void>;
}

/** The reference's example account (api/connect/endpoints/account-linking/get-accounts-detail). */
export const documentedChequing: FlinksFakeAccount = {
  title: 'Chequing Account',
  category: 'Operations',
  type: 'Chequing',
  currency: 'CAD',
  institutionNumber: '777',
  transitNumber: '12347',
  accountNumber: '7641238',
};
/** A credit card beside it: Flinks' "Credits" category (data-types-in-getaccountsdetail). */
const creditCard: FlinksFakeAccount = {
  title: 'Visa',
  category: 'Credits',
  type: 'CreditCard',
  currency: 'CAD',
  institutionNumber: '777',
  transitNumber: '12347',
  accountNumber: '4510000000',
};

/** The fake Connect's security question and its answer (the fake's own, any case). */
export const FAKE_CONNECT_ANSWER = 'montreal';
/** The username Connect refuses as a wrong password would be (the fake's own). */
export const FAKE_CONNECT_WRONG_PASSWORD = 'wrong';

const INSTITUTION = 'FlinksCapital';

/** Body fields each call documents; anything else is outside the contract. */
const documentedFields = {
  // api/authorize/endpoints/authorize (request body).
  Authorize: [
    'LoginId',
    'MostRecentCached',
    'Username',
    'Password',
    'Institution',
    'Language',
    'Save',
    'Tag',
    'RequestId',
    'SecurityResponses',
  ],
  // api/connect/endpoints/account-linking/get-accounts-detail (request body).
  GetAccountsDetail: [
    'RequestId',
    'WithAccountIdentity',
    'WithKYC',
    'WithTransactions',
    'WithBalance',
    'AccountsFilter',
    'DaysOfTransactions',
  ],
} as const;
/** Flinks Connect's URL parameters the fake knows (guides/connect/flinks-connect/widget). */
const connectParameters = [
  'authorizeToken',
  'language',
  'tag',
  'redirectUrl',
  'innerRedirect',
  'demo',
];

/** The documented error bodies (api/authorize/error-codes; api/authorize/troubleshooting). */
const errors = {
  accessDenied: {
    HttpStatusCode: 401,
    FlinksCode: 'ACCESS_DENIED',
    Message: 'Authentication was unsuccessful',
  },
  invalidAuthKey: { HttpStatusCode: 401, Message: 'You must provide a valid auth key' },
  invalidAuthorizeToken: {
    HttpStatusCode: 401,
    FlinksCode: 'ACCESS_DENIED',
    Message: 'You must provide a valid authorize token',
  },
  invalidLogin: {
    HttpStatusCode: 401,
    FlinksCode: 'INVALID_LOGIN',
    Message: 'The LoginId provided is either invalid or does not belong to the CustomerId',
  },
  invalidRequest: {
    HttpStatusCode: 401,
    FlinksCode: 'INVALID_REQUEST',
    Message: 'Credentials are missing/incomplete, or syntax is incorrect',
  },
  sessionNonexistent: {
    HttpStatusCode: 400,
    FlinksCode: 'SESSION_NONEXISTENT',
    Message: 'Inputs session id or card if were not found.',
  },
} as const;

interface Login extends Required<FlinksFakeLogin> {
  id: string;
  username: string;
}
interface Session {
  loginId: string;
  /** /GetAccountsDetail was asked, with what it asked for. */
  detailAsked: { withIdentity: boolean } | null;
  pendingLeft: number;
}
interface ConnectSession {
  tag: string;
  language: 'en' | 'fr';
  redirectUrl: string;
  innerRedirect: boolean;
  username?: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFlinksFake(
  options: { holderName?: string; customerId?: string } = {},
): Promise<FlinksFake> {
  const customerId = options.customerId ?? '43387ca6-0391-4c82-857d-70d95f087ecb';
  const apiKey = 'fake-x-api-key';
  const secretKey = 'c4569c54-e167-4d34-8de6-f4113bc82414';
  let holderName = options.holderName ?? 'Camille Tremblay';
  const tokens = new Map<string, 'issued' | 'used'>();
  const logins = new Map<string, Login>();
  const sessions = new Map<string, Session>();
  const connectSessions = new Map<string, ConnectSession>();
  const calls: FlinksFake['calls'] = [];
  const bodies: FlinksFake['bodies'] = [];
  const deleted: string[] = [];
  let outages = 0;
  const apiPrefix = `/v3/${customerId}/BankingServices/`;

  const addLogin = (login: FlinksFakeLogin, username: string = randomUUID()): string => {
    const id = randomUUID();
    logins.set(id, {
      id,
      username,
      holderName: login.holderName,
      tag: login.tag,
      pendingPolls: login.pendingPolls ?? 1,
      accounts: login.accounts ?? [documentedChequing, creditCard],
    });
    return id;
  };

  const json = (response: ServerResponse, call: string, status: number, body: unknown) => {
    calls.push({ call, status });
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  const readBody = async (request: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  /** The JSON object of a POST, or null when it is not one with only documented fields. */
  const fieldsOf = (text: string, allowed: readonly string[]): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
      const record = value as Record<string, unknown>;
      return Object.keys(record).every((key) => allowed.includes(key)) ? record : null;
    } catch {
      return null;
    }
  };

  /** GetAccountsDetail's 200 payload (api/connect/endpoints/account-linking/get-accounts-detail). */
  const detailPayload = (requestId: string, login: Login, withIdentity: boolean) => ({
    HttpStatusCode: 200,
    Accounts: login.accounts.map((account, index) => ({
      Transactions: [],
      TransitNumber: withIdentity ? account.transitNumber : null,
      InstitutionNumber: withIdentity ? account.institutionNumber : null,
      OverdraftLimit: 0,
      Title: account.title,
      AccountNumber: withIdentity ? account.accountNumber : null,
      LastFourDigits: null,
      Balance: { Available: 5405.5, Current: 5105.5, Limit: null },
      Category: account.category,
      Type: account.type,
      Currency: account.currency,
      Holder: {
        Name: login.holderName,
        Address: {
          CivicAddress: '25 york street',
          City: 'TOR',
          Province: 'ON',
          PostalCode: 'M5J 2V5',
          POBox: null,
          Country: 'CA',
        },
        Email: 'test_user1@nomail.com',
        PhoneNumber: '9051234567',
      },
      AccountType: 'Personal',
      Id: `${login.id.slice(0, 24)}${String(index).padStart(12, '0')}`,
    })),
    InstitutionName: INSTITUTION,
    Login: {
      Username: login.username,
      IsScheduledRefresh: false,
      LastRefresh: '2025-01-31T17:40:54.569261',
      Type: 'Personal',
      Id: login.id,
    },
    InstitutionId: 14,
    Institution: INSTITUTION,
    RequestId: requestId,
    // The session's custom tag, as guides/connect/flinks-connect/use-custom-tag shows it in the
    // webhook's copy of this payload (UNCONFIRMED in the API's own answer: the fake's choice).
    Tag: login.tag,
  });

  /** 202 OPERATION_PENDING (docs/receive-data-from-us; api/authorize/error-codes). */
  const pending = (requestId: string) => ({
    FlinksCode: 'OPERATION_PENDING',
    Links: [
      { rel: 'AccountsDetailAsync', href: `/GetAccountsDetailAsync/${requestId}`, example: null },
    ],
    HttpStatusCode: 202,
    Message: 'Your operation is still processing',
    RequestId: requestId,
  });

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const [operation = '', argument] = path.split('/');
    const call = operation;
    const body = await readBody(request);
    if (outages > 0) {
      outages -= 1;
      return json(response, call, 503, { HttpStatusCode: 503, Message: 'Service Unavailable' });
    }
    // Every call documents both headers as required (Content-Type and Accept: application/json).
    if (
      request.headers['content-type'] !== 'application/json' ||
      request.headers.accept !== 'application/json'
    ) {
      return json(response, call, 401, errors.invalidRequest);
    }
    const authKey = request.headers['flinks-auth-key'];
    const xApiKey = request.headers['x-api-key'];

    if (operation === 'GenerateAuthorizeToken' && request.method === 'POST') {
      // api/authorize/endpoints/generate-authorize-token: the secret key, no body.
      if (authKey !== secretKey) return json(response, call, 401, errors.invalidAuthKey);
      if (body.trim() !== '') return json(response, call, 401, errors.invalidRequest);
      const token = randomUUID();
      tokens.set(token, 'issued');
      return json(response, call, 200, { HttpStatusCode: 200, Token: token });
    }

    if (operation === 'Authorize' && request.method === 'POST') {
      // api/authorize/endpoints/authorize: an unused authorize token (never the secret key).
      if (typeof authKey !== 'string' || tokens.get(authKey) !== 'issued') {
        return json(response, call, 401, errors.invalidAuthorizeToken);
      }
      tokens.set(authKey, 'used');
      const fields = fieldsOf(body, documentedFields.Authorize);
      bodies.push({ call, body: fields });
      // The fake serves cached mode only (reference/authorize-with-token): LoginId and
      // MostRecentCached: true; the live mode (Username, Password) is the widget's business.
      if (!fields || typeof fields.LoginId !== 'string' || fields.MostRecentCached !== true) {
        return json(response, call, 401, errors.invalidRequest);
      }
      const login = logins.get(fields.LoginId);
      if (!login) return json(response, call, 401, errors.invalidLogin);
      const requestId = randomUUID();
      sessions.set(requestId, {
        loginId: login.id,
        detailAsked: null,
        pendingLeft: login.pendingPolls,
      });
      // reference/authorize: the 200 answer of cached mode.
      return json(response, call, 200, {
        Links: [
          { rel: 'AccountsDetail', href: '/GetAccountsDetail', example: null },
          { rel: 'AccountsSummary', href: '/GetAccountsSummary', example: null },
          { rel: 'Statements', href: '/GetStatements', example: null },
        ],
        HttpStatusCode: 200,
        Login: {
          Username: login.username,
          IsScheduledRefresh: false,
          LastRefresh: '2020-04-15T22:46:03.1690585',
          Type: 'Personal',
          Id: login.id,
        },
        Institution: INSTITUTION,
        RequestId: requestId,
      });
    }

    // The data calls: `x-api-key` (guides/connect/authentication-reference), never the auth key.
    if (xApiKey !== apiKey || authKey !== undefined) {
      return json(response, call, 401, errors.accessDenied);
    }

    if (operation === 'GetAccountsDetail' && request.method === 'POST') {
      const fields = fieldsOf(body, documentedFields.GetAccountsDetail);
      bodies.push({ call, body: fields });
      if (!fields || typeof fields.RequestId !== 'string') {
        return json(response, call, 401, errors.invalidRequest);
      }
      const session = sessions.get(fields.RequestId);
      if (!session) return json(response, call, 400, errors.sessionNonexistent);
      session.detailAsked = { withIdentity: fields.WithAccountIdentity === true };
      // guides/connect/retrieve-account-data: "A 202 response is expected on the initial call."
      return json(response, call, 202, pending(fields.RequestId));
    }

    if (operation === 'GetAccountsDetailAsync' && request.method === 'GET' && argument) {
      if (body.trim() !== '') return json(response, call, 401, errors.invalidRequest);
      const session = sessions.get(argument);
      // Only after a 202 from /GetAccountsDetail (api/connect/.../get-accounts-detail-async).
      if (!session?.detailAsked) return json(response, call, 400, errors.sessionNonexistent);
      const login = logins.get(session.loginId);
      if (!login) return json(response, call, 400, errors.sessionNonexistent);
      if (session.pendingLeft > 0) {
        session.pendingLeft -= 1;
        return json(response, call, 202, pending(argument));
      }
      return json(
        response,
        call,
        200,
        detailPayload(argument, login, session.detailAsked.withIdentity),
      );
    }

    if (operation === 'DeleteCard' && request.method === 'DELETE' && argument) {
      // api/connect/endpoints/account-linking/delete-card.
      if (!logins.delete(argument)) return json(response, call, 401, errors.invalidLogin);
      deleted.push(argument);
      return json(response, call, 200, {
        StatusCode: 200,
        Message: `All of the information about LoginId ${argument} has been removed`,
      });
    }
    return json(response, call, 404, { HttpStatusCode: 404, Message: 'Not found' });
  }

  const page = (response: ServerResponse, status: number, language: 'en' | 'fr', body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Flinks Connect</title></head>` +
        `<body><main>${body}</main></body></html>`,
    );
  };

  const words = {
    en: {
      heading: 'Flinks Capital',
      username: 'Username',
      password: 'Password',
      signIn: 'Continue',
      wrong: 'The password is not right.',
      question: 'What city were you born in?',
      answer: 'Answer',
      wrongAnswer: 'That answer is not right.',
      done: 'You are connected.',
      invalid: 'This link cannot be used. Close this window and try again.',
    },
    fr: {
      heading: 'Flinks Capital',
      username: 'Nom d’utilisateur',
      password: 'Mot de passe',
      signIn: 'Continuer',
      wrong: 'Le mot de passe n’est pas le bon.',
      question: 'Dans quelle ville êtes-vous né?',
      answer: 'Réponse',
      wrongAnswer: 'Cette réponse n’est pas la bonne.',
      done: 'Vous êtes connecté.',
      invalid: 'Ce lien ne peut pas servir. Fermez cette fenêtre et réessayez.',
    },
  } as const;

  const signInForm = (session: string, language: 'en' | 'fr', problem = '') => {
    const t = words[language];
    return (
      `<h1>${t.heading}</h1>${problem ? `<p role="alert">${escape(problem)}</p>` : ''}` +
      `<form method="post" action="/v2/login"><input type="hidden" name="session" value="${session}">` +
      `<label>${t.username} <input name="username" autocomplete="off"></label>` +
      `<label>${t.password} <input name="password" type="password"></label>` +
      `<button type="submit">${t.signIn}</button></form>`
    );
  };
  const questionForm = (session: string, language: 'en' | 'fr', problem = '') => {
    const t = words[language];
    return (
      `<h1>${t.heading}</h1>${problem ? `<p role="alert">${escape(problem)}</p>` : ''}` +
      `<form method="post" action="/v2/mfa"><input type="hidden" name="session" value="${session}">` +
      `<label>${t.question} <input name="answer" autocomplete="off"></label>` +
      `<button type="submit">${t.signIn}</button></form>`
    );
  };

  /**
   * The REDIRECT event of Flinks Connect (docs/save-your-loginids, guides/connect/flinks-connect/
   * use-custom-tag): `{ step, institution, url }`, the url holding loginId, tag and institution.
   * Posted to any parent ('*'): a vendor frame does not know who embeds it, so the page around
   * it must check the event's origin. Then Connect lands on the url inside its frame.
   */
  const CONNECT_SCRIPT = `(function () {
  var done = document.getElementById('redirect');
  if (!done) return;
  var url = done.getAttribute('data-url');
  var message = { step: 'REDIRECT', institution: done.getAttribute('data-institution'), url: url };
  if (window.parent !== window) window.parent.postMessage(message, '*');
  if (done.getAttribute('data-inner') === 'true') window.location.replace(url);
})();`;

  async function connect(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (url.pathname === '/v2/connect.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return response.end(CONNECT_SCRIPT);
    }
    if (request.method === 'GET' && url.pathname === '/v2/') {
      const query = Object.fromEntries(url.searchParams);
      const language = query.language === 'fr' ? 'fr' : 'en';
      const token = query.authorizeToken ?? '';
      const known = Object.keys(query).every((name) => connectParameters.includes(name));
      // The token is single-use (api/authorize/endpoints/generate-authorize-token).
      if (!known || tokens.get(token) !== 'issued' || !query.redirectUrl) {
        return page(response, 401, language, `<p role="alert">${words[language].invalid}</p>`);
      }
      tokens.set(token, 'used');
      const session = randomUUID();
      connectSessions.set(session, {
        tag: query.tag ?? '',
        language,
        redirectUrl: query.redirectUrl,
        innerRedirect: query.innerRedirect === 'true',
      });
      return page(response, 200, language, signInForm(session, language));
    }
    if (request.method !== 'POST') return page(response, 404, 'en', '');
    const form = new URLSearchParams(await readBody(request));
    const session = connectSessions.get(form.get('session') ?? '');
    if (!session) return page(response, 401, 'en', `<p role="alert">${words.en.invalid}</p>`);
    const id = form.get('session') ?? '';
    const t = words[session.language];
    if (url.pathname === '/v2/login') {
      const username = (form.get('username') ?? '').trim();
      if (!username || form.get('password') === FAKE_CONNECT_WRONG_PASSWORD) {
        return page(response, 200, session.language, signInForm(id, session.language, t.wrong));
      }
      session.username = username;
      return page(response, 200, session.language, questionForm(id, session.language));
    }
    if (url.pathname === '/v2/mfa' && session.username) {
      if ((form.get('answer') ?? '').trim().toLowerCase() !== FAKE_CONNECT_ANSWER) {
        return page(
          response,
          200,
          session.language,
          questionForm(id, session.language, t.wrongAnswer),
        );
      }
      connectSessions.delete(id);
      const loginId = addLogin({ holderName, tag: session.tag }, session.username);
      const landing = new URL(session.redirectUrl);
      landing.searchParams.set('loginId', loginId);
      landing.searchParams.set('tag', session.tag);
      landing.searchParams.set('institution', INSTITUTION);
      return page(
        response,
        200,
        session.language,
        `<h1>${t.heading}</h1><p id="redirect" data-url="${escape(landing.toString())}" ` +
          `data-institution="${INSTITUTION}" data-inner="${session.innerRedirect}">${t.done}</p>` +
          '<script src="/v2/connect.js"></script>',
      );
    }
    return page(response, 404, session.language, '');
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const handled = url.pathname.startsWith(apiPrefix)
      ? api(request, response, url.pathname.slice(apiPrefix.length))
      : url.pathname.startsWith('/v2/')
        ? connect(request, response, url)
        : Promise.resolve(json(response, 'unknown', 404, {}));
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    apiUrl: origin,
    connectUrl: `${origin}/v2/`,
    origin,
    customerId,
    apiKey,
    secretKey,
    calls,
    deleted,
    bodies,
    addLogin: (login) => addLogin(login),
    failNext: (count) => {
      outages = count;
    },
    setHolderName: (name) => {
      holderName = name;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closed) => (closed ? reject(closed) : resolve()));
      }),
  };
}

/**
 * Signs in inside the fake's Connect frame as a person would (password, then the bank's
 * security question) and answers what Connect's REDIRECT carries: the login and its tag.
 */
export async function signInThroughConnect(
  fake: Pick<FlinksFake, 'origin'>,
  frameUrl: string,
  username = 'greatday',
): Promise<{ loginId: string; tag: string }> {
  const first = await (await fetch(frameUrl)).text();
  const session = /name="session" value="([^"]+)"/.exec(first)?.[1] ?? '';
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${fake.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, ...fields }).toString(),
    }).then((response) => response.text());
  await post('/v2/login', { username, password: 'everyday' });
  const done = await post('/v2/mfa', { answer: FAKE_CONNECT_ANSWER });
  const landing = new URL((/data-url="([^"]+)"/.exec(done)?.[1] ?? '').replaceAll('&#38;', '&'));
  return {
    loginId: landing.searchParams.get('loginId') ?? '',
    tag: landing.searchParams.get('tag') ?? '',
  };
}
