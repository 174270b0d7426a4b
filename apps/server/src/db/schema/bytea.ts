import { customType } from 'drizzle-orm/pg-core';

/**
 * Raw bytes (PostgreSQL `bytea`). node-postgres answers a Buffer, PGlite a Uint8Array: both
 * are handed on as a Buffer.
 */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
