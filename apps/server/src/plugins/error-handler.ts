import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { isMessageCode } from '@portal/domain/messages/message-code';

/** The error body of every API answer (architecture page, "API conventions"). */
export interface ApiErrorBody {
  errorCode: string;
  message: string;
  fields?: Record<string, string>;
}

const MESSAGE_KEY = /^[a-z][A-Za-z]*$/;

/**
 * Domain schemas emit message keys (`required`, `emailMismatch`, ...); anything else zod says is
 * reduced to `required` or `invalid` so the client can always map a field code to a message.
 */
export function fieldCode(issue: ZodFastifySchemaValidationError): string {
  const message = issue.message ?? '';
  // A key, or a key with its argument (`nameCharacters:( )`, domain message-code.ts).
  if (isMessageCode(message)) return message;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) {
    return 'required';
  }
  return 'invalid';
}

function fieldPath(issue: ZodFastifySchemaValidationError): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Fastify's own refusals (`FST_ERR_CTP_INVALID_MEDIA_TYPE`, a JSON syntax error...) carry its
 * codes and messages, which name its internals and sometimes repeat what was sent. They answer
 * with a code of ours for their status and a sentence of ours; the client maps the code to its
 * catalogues. Anything else of 4xx is `requestError`.
 */
const refusalsByStatus: Record<number, ApiErrorBody> = {
  400: { errorCode: 'invalidRequest', message: 'The request could not be read.' },
  404: { errorCode: 'notFound', message: 'Not found.' },
  405: { errorCode: 'methodNotAllowed', message: 'This method is not allowed here.' },
  408: { errorCode: 'requestTimeout', message: 'The request took too long to arrive.' },
  413: { errorCode: 'payloadTooLarge', message: 'The request is too large.' },
  415: { errorCode: 'unsupportedMediaType', message: 'This type of content is not accepted.' },
};
const otherRefusal: ApiErrorBody = {
  errorCode: 'requestError',
  message: 'The request could not be processed.',
};
const internalError: ApiErrorBody = {
  errorCode: 'internalError',
  message: 'An unexpected error occurred.',
};

const refusalOfStatus = (status: number): ApiErrorBody => ({
  ...(refusalsByStatus[status] ?? otherRefusal),
});

/** The body of a 4xx: a code a route chose deliberately is kept; Fastify's are replaced. */
export function refusalBody(status: number, error: { code?: unknown; message: string }) {
  if (typeof error.code === 'string' && MESSAGE_KEY.test(error.code)) {
    return { errorCode: error.code, message: error.message };
  }
  return refusalOfStatus(status);
}

/**
 * A short name of a failed query, `insert users`: its verb and the first table it names. Never
 * the parameters, nor the SQL, whose literals could hold personal data.
 */
export function queryName(sqlText: string): string {
  const verb = /^\s*(select|insert|update|delete|with)\b/i.exec(sqlText)?.[1]?.toLowerCase();
  if (!verb) return 'query';
  const table =
    /\b(?:from|into|update|join)\s+(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]{0,62})"?(?=[\s(;,]|$)/i
      .exec(sqlText)?.[1]
      ?.toLowerCase();
  return table ? `${verb} ${table}` : verb;
}

/** PostgreSQL's SQLSTATE (`23505`), or a constant such as `ECONNREFUSED`; no free text. */
function errorCodeOf(error: Error & { code?: unknown; cause?: unknown }): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  for (const code of [cause?.code, error.code]) {
    if (typeof code === 'string' && /^[A-Z0-9_]{2,64}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * What a 5xx logs: the class and code of the error, the name of the failed query and the
 * request id. Never its message or `err`: a Drizzle error's message repeats the query's
 * parameters (emails, names, password hashes), and a PostgreSQL error's detail the values
 * of a key (architecture page, "Logs carry ids and error classes").
 */
export function failureLog(error: Error, requestId: string) {
  const named = error.name && error.name !== 'Error' ? error.name : undefined;
  return {
    errorClass: named ?? error.constructor?.name ?? 'Error',
    code: errorCodeOf(error),
    ...(error instanceof DrizzleQueryError && { query: queryName(error.query) }),
    requestId,
  };
}

/**
 * Answers the errors Fastify meets before routing (a path that is not valid percent-encoding,
 * a parameter too long) in the project's shape rather than its own.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  void reply.code(status).send(status < 500 ? refusalBody(status, error) : internalError);
}

/** Node's codes for what it refuses on its own; anything else is a malformed request (400). */
const clientErrorStatuses: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a request that took
 * longer than `requestTimeout`, malformed HTTP, headers too large) in the project's shape, on
 * the raw socket, then closes it as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatuses[error.code ?? ''] ?? 400;
  const body = JSON.stringify(refusalOfStatus(status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const API_PREFIXES = ['/service/', '/security/', '/sandbox/', '/healthz'];

function isApiRequest(request: FastifyRequest): boolean {
  const url = request.url;
  return (
    request.method !== 'GET' ||
    API_PREFIXES.some((prefix) => url.startsWith(prefix)) ||
    !(request.headers.accept ?? '').includes('text/html')
  );
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) fields[fieldPath(issue)] = fieldCode(issue);
      const body: ApiErrorBody = {
        errorCode: 'invalidInput',
        message: 'The request is not valid.',
        fields,
      };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    // A vendor that cannot answer now (its error declares 503 and a code, e.g.
    // `esignUnavailable`): the person is told to try again; the log names the cause.
    if (status === 503 && typeof error.code === 'string' && MESSAGE_KEY.test(error.code)) {
      request.log.warn(
        { ...failureLog(error, request.id), cause: error.message.slice(0, 200) },
        'vendor unavailable',
      );
      return reply.code(503).header('retry-after', '30').send({
        errorCode: error.code,
        message:
          'This service is not available right now. Nothing was lost: try again in a moment.',
      });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(refusalBody(status, error));
    }
    request.log.error(failureLog(error, request.id), 'request failed');
    return reply.code(500).send(internalError);
  });

  app.setNotFoundHandler((request, reply) => {
    // A person who followed a wrong link gets the client's own not-found page.
    if (!isApiRequest(request)) return reply.redirect('/#/not-found', 302);
    const body: ApiErrorBody = { errorCode: 'notFound', message: 'Not found.' };
    return reply.code(404).send(body);
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
