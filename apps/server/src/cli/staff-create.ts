import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/seed-reference-data.ts';
import { cipherFromConfig } from '../lib/crypto/field-cipher-plugin.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createStaffAccount, StaffRefused } from '../modules/security/staff-accounts.ts';

/**
 * `npm run staff:create -- --email a@firm.ca --first-name Ana --last-name Roy [--language fr]
 * [--password-stdin]`: creates an operations staff account (issue 16) on the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first, the
 * embedded database takes one process). Prints the password (generated unless given on
 * stdin), the authenticator secret and the recovery codes once: hand them over in person.
 */

const usage =
  'usage: npm run staff:create -- --email <email> --first-name <name> --last-name <name> [--language en|fr] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string', default: 'en' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  const email = values.email;
  const firstName = values['first-name'];
  const lastName = values['last-name'];
  const language = values.language;
  if (!email || !firstName || !lastName || (language !== 'en' && language !== 'fr')) {
    console.error(usage);
    return 2;
  }
  const password = values['password-stdin'] ? await readStdin() : undefined;
  const config = loadConfig();
  const cipher = cipherFromConfig(config.dataKey, config.appSecret);
  const database = await openDatabase(config.database);
  try {
    await database.migrate(seedReferenceData);
    const created = await createStaffAccount(
      { db: database.db, cipher },
      { email, firstName, lastName, language },
      password,
    );
    const lines = [
      `Staff account created: ${created.email}`,
      created.passwordGenerated
        ? `Password (shown once; change it in Settings after signing in): ${created.password}`
        : 'Password: the one given on stdin.',
      `Authenticator secret: ${created.totpSecret}`,
      `Authenticator link: ${created.otpauthUri}`,
      'Recovery codes (each works once):',
      ...created.recoveryCodes.map((code) => `  ${code}`),
      'Sign in at /security/login; staff land in the operations console (#/operations).',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof StaffRefused) {
      console.error(`Not created: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
