import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { cipherFromConfig } from '../lib/crypto/field-cipher-plugin.ts';
import { keyUsage, keyUsageReport } from '../modules/key-rotation/key-usage.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run keys:status` (issue 36, ADR 0043): which data keys the stored values still use, by
 * ciphertexts and by keyed hashes, on the configured database (DATABASE_URL, else the embedded
 * one in DATA_DIR: stop the server first). A key may leave DATA_ENCRYPTION_KEY only when this says
 * nothing uses it. Exits 0, or 1 when values name a key the ring does not hold. Reads only.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const cipher = cipherFromConfig(config.dataKey, config.appSecret);
  const database = await openDatabase(config.database);
  try {
    const usage = await keyUsage(database.db, cipher);
    process.stdout.write(`${keyUsageReport(usage, cipher).join('\n')}\n`);
    return usage.missing.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCli(main);
