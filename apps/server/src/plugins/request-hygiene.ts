import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from './error-handler.ts';

/**
 * PostgreSQL refuses the NUL character in `text` and `jsonb`, so a `\u0000` that reached a
 * query turned a person's typo or a scanner's probe into a 500. Refused here, once, before any
 * route validates or stores it.
 */
const NUL = '\u0000';

/**
 * Where a walk is: the value and the key that led to it from its parent. The path is spelled
 * out only for what is found, so a deep body costs time in its size, not its size squared.
 */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathOf(visit: Visit | null): string[] {
  const path: string[] = [];
  for (let at = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The paths of the strings holding a NUL in a parsed query, params or body: strings inside
 * plain objects and arrays, keys included (a key with a NUL is reported at its object). Walks
 * with its own stack rather than by recursion, so a deeply nested JSON body cannot overflow
 * the call stack. Buffers and streams (a multipart file) are not walked.
 */
export function pathsWithNul(root: unknown): string[][] {
  const found: string[][] = [];
  const stack: Visit[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes(NUL)) found.push(pathOf(visit));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, key: String(index), parent: visit }),
      );
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) found.push(pathOf(visit));
        else stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return found;
}

/**
 * An object literal or JSON object, or what the query and form parsers answer: objects made
 * by a constructor whose prototype has no prototype (fast-querystring's), or by none at all.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}

/** The 400 of the architecture page, with each path that is known reported as `invalid`. */
export function nulRefusal(paths: string[][]): ApiErrorBody {
  const fields: Record<string, string> = {};
  for (const path of paths) if (path.length > 0) fields[path.join('.')] = 'invalid';
  return {
    errorCode: 'invalidInput',
    message: 'The request is not valid.',
    ...(Object.keys(fields).length > 0 && { fields }),
  };
}

async function requestHygienePlugin(app: FastifyInstance): Promise<void> {
  // preValidation: after the body is parsed, before any schema or handler sees it. A callback
  // hook: it runs for every request, and most pass at once (issue 18).
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    const paths = [request.query, request.params, request.body].flatMap(pathsWithNul);
    if (paths.length === 0) {
      done();
      return;
    }
    // The paths name fields, never their values: nothing the person typed reaches the log.
    request.log.info({ fields: paths.length }, 'request with a NUL character refused');
    reply.code(400).send(nulRefusal(paths));
  });
}

export const requestHygiene = fp(requestHygienePlugin, { name: 'request-hygiene' });
