import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import {
  AddressLookupUnavailable,
  type AddressLookupProvider,
} from '../../providers/address-lookup/address-lookup-provider.ts';
import {
  AddressNotFound,
  findAddresses,
  issueLookupKey,
  LookupKeyInvalid,
  retrieveAddress,
  type LookupContext,
} from './address-lookup.service.ts';

const errorSchema = z.object({ errorCode: z.string(), message: z.string() });
const suggestionSchema = z.object({ id: z.string(), text: z.string(), description: z.string() });
const addressSchema = z.object({
  suite: z.string().optional(),
  streetNumber: z.string(),
  streetName: z.string(),
  city: z.string(),
  provinceId: z.number().int(),
  postalCode: z.string(),
  countryId: z.literal(1),
});
const keyQuery = z.string().max(200).optional();
/** `fr`, `fr-CA`, ... ask for French; anything else English. */
const languageQuery = z
  .string()
  .max(20)
  .optional()
  .transform((lang) => (lang?.toLowerCase().startsWith('fr') ? 'fr' : 'en'));
/**
 * A suggestion's id as the vendor wrote it: the sandbox's `sbx-qc-0001`, Canada Post's
 * `CA|CP|B|12345678` (vertical bars, sent percent-encoded) and similar.
 */
const suggestionId = z.string().regex(/^[\w|.:-]{1,120}$/);

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof LookupKeyInvalid) {
    return reply.code(401).send({
      errorCode: 'lookupKeyInvalid',
      message: 'The address look-up key is missing, expired or not yours: get a new one.',
    });
  }
  if (error instanceof AddressNotFound) {
    return reply.code(404).send({ errorCode: 'addressNotFound', message: 'No such address.' });
  }
  if (error instanceof AddressLookupUnavailable) {
    reply.log.warn(
      { vendor: 'addressLookup', cause: error.message },
      'address look-up unavailable',
    );
    return reply.code(503).send({
      errorCode: 'addressLookupUnavailable',
      message: 'The address search is not available now: type the address.',
    });
  }
  throw error;
}

/**
 * `GET {address-lookup}` of spec section 7 and the two look-up calls the key opens. Every call
 * also needs the bearer token; a key is bound to the person it was issued to.
 */
export const addressLookupRoutes: FastifyPluginAsyncZod<{
  provider: AddressLookupProvider;
}> = async (app, { provider }) => {
  // The caller is checked before anything is read from the body. Returning the reply makes
  // Fastify wait until the 401 is sent, so the handler never runs for an anonymous caller
  // (with async onSend hooks, a reply sent from an async hook is not finished when it returns).
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const tags = ['address lookup'];
  const security = [{ bearer: [] }];
  const contextOf = (request: FastifyRequest, key: string | undefined): LookupContext => ({
    provider,
    cipher: app.cipher,
    userId: callerOf(request).id,
    key,
  });

  app.get(
    '/addressLookup/key',
    {
      schema: {
        tags,
        security,
        summary: 'A short-lived key for the address look-up calls, bound to the caller',
        response: { 200: z.object({ key: z.string(), expiresAt: z.string() }) },
      },
    },
    async (request) => issueLookupKey(app.cipher, callerOf(request).id),
  );

  app.get(
    '/addressLookup/find',
    {
      // The query string holds what the person typed (part of an address): at the default
      // level the request log lines, which carry the URL, are not written for this call.
      logLevel: 'warn',
      schema: {
        tags,
        security,
        summary: 'Up to 8 Canadian address suggestions for what was typed (blank: none)',
        querystring: z.object({
          key: keyQuery,
          q: z.string().max(200).default(''),
          lang: languageQuery,
        }),
        response: { 200: z.array(suggestionSchema), 401: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { key, q, lang } = request.query;
      try {
        return await findAddresses(contextOf(request, key), q, lang);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/addressLookup/retrieve/:id',
    {
      logLevel: 'warn',
      schema: {
        tags,
        security,
        summary: 'The full address of a suggestion (spec section 3 address, Canada)',
        params: z.object({ id: suggestionId }),
        querystring: z.object({ key: keyQuery, lang: languageQuery }),
        response: { 200: addressSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        const { key, lang } = request.query;
        return await retrieveAddress(contextOf(request, key), request.params.id, lang);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
