import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';

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
  if (MESSAGE_KEY.test(message)) return message;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) {
    return 'required';
  }
  return 'invalid';
}

function fieldPath(issue: ZodFastifySchemaValidationError): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
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
    if (status < 500) {
      const body: ApiErrorBody = {
        errorCode: error.code ?? 'requestError',
        message: error.message,
      };
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = {
      errorCode: 'internalError',
      message: 'An unexpected error occurred.',
    };
    return reply.code(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // A person who followed a wrong link gets the client's own not-found page.
    if (!isApiRequest(request)) return reply.redirect('/#/not-found', 302);
    const body: ApiErrorBody = { errorCode: 'notFound', message: 'Not found.' };
    return reply.code(404).send(body);
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
