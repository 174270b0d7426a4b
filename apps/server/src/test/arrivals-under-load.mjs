// A load from another process, as real clients are (database-queue.load.test.ts, issue 37):
// CLIENTS keep-alive clients connect at once and save in a loop; once the first saves are
// answered, while the rest of the crowd is still connecting, three newcomers arrive on fresh
// connections (the health check, the sign-in page, a save). Prints
// one JSON line: each newcomer's status and Retry-After, and how many saves the crowd made
// between the newcomers' arrival and their last answer. The crowd stops once every newcomer
// is answered, or after SAVES_BOUND saves.
import http from 'node:http';

const [port, token, clientsText, boundText] = process.argv.slice(2);
const CLIENTS = Number(clientsText);
const SAVES_BOUND = Number(boundText);

function ask(agent, { method = 'GET', path, body }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        agent,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, retryAfter: response.headers['retry-after'] }),
        );
      },
    );
    outgoing.on('error', (error) => resolve({ status: 0, error: String(error) }));
    outgoing.end(payload);
  });
}

let saves = 0;
let stop = false;
const agents = [];
async function client(index) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  let language = index % 2 === 0 ? 'fr' : 'en';
  while (!stop && saves < SAVES_BOUND) {
    language = language === 'fr' ? 'en' : 'fr';
    await ask(agent, {
      method: 'PUT',
      path: '/service/jaxrs/account/language',
      body: { language },
    });
    saves++;
  }
}

const crowd = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
while (saves < 20) await new Promise((resolve) => setTimeout(resolve, 1));
const arrivedAt = saves;
const newcomers = await Promise.all([
  ask(false, { path: '/healthz' }),
  ask(false, { path: '/security/login' }),
  ask(false, { method: 'PUT', path: '/service/jaxrs/account/language', body: { language: 'en' } }),
]);
const savesMeanwhile = saves - arrivedAt;
stop = true;
await crowd;
for (const agent of agents) agent.destroy();
process.stdout.write(`${JSON.stringify({ newcomers, savesMeanwhile, saves })}\n`);
