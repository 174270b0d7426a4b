import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { cipherFromConfig } from '../lib/crypto/field-cipher-plugin.ts';
import { keyUsage, keyUsageReport } from '../modules/key-rotation/key-usage.ts';
import { reencryptAll } from '../modules/key-rotation/re-encryption.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run keys:rotate` (issue 36, ADR 0043): moves every ciphertext, and every keyed hash that
 * can be made again, to the current key of DATA_ENCRYPTION_KEY, in batches (the server's job does
 * the same in the background; both may run at once), then says what remains under each key.
 * Stopped half-way, it resumes by running again. Exits 0, or 1 when values could not be read.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const cipher = cipherFromConfig(config.dataKey, config.appSecret);
  const database = await openDatabase(config.database);
  try {
    const pass = await reencryptAll(database.db, cipher);
    const lines = [
      `re-encrypted under ${cipher.currentKeyId}: ${pass.rewritten} rows` +
        (pass.unreadable > 0 ? `; ${pass.unreadable} rows could not be read` : '') +
        (pass.kept > 0 ? `; ${pass.kept} rows kept under their key` : ''),
      ...Object.entries(pass.byTable)
        .filter(
          ([, progress]) => progress.rewritten > 0 || progress.unreadable > 0 || progress.kept > 0,
        )
        .map(
          ([table, progress]) =>
            `  ${table}: ${progress.rewritten} rewritten` +
            (progress.unreadable > 0 ? `, ${progress.unreadable} unreadable` : '') +
            (progress.kept > 0 ? `, ${progress.kept} kept (inputs gone)` : ''),
        ),
      ...keyUsageReport(await keyUsage(database.db, cipher), cipher),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return pass.unreadable > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCli(main);
