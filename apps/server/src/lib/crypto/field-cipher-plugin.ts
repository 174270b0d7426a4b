import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveDataKeyRing, type DataKeySource } from './data-key.ts';
import { createFieldCipher, type FieldCipher } from './field-cipher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Field encryption and keyed fingerprints (ADR 0008); services take it as an argument. */
    cipher: FieldCipher;
  }
}

/**
 * The configuration's cipher: its key or key ring (ADR 0043), a key file, or (tests) one key
 * derived from appSecret.
 */
export function cipherFromConfig(
  dataKey: DataKeySource | undefined,
  appSecret: string,
): FieldCipher {
  return createFieldCipher(resolveDataKeyRing(dataKey, appSecret));
}

async function fieldCipherPlugin(app: FastifyInstance, options: { cipher: FieldCipher }) {
  app.decorate('cipher', options.cipher);
}

export const fieldCipher = fp(fieldCipherPlugin, { name: 'field-cipher' });
