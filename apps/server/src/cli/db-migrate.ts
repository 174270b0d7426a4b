import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoUsers } from '../db/seed/seed-demo-users.ts';
import { seedReferenceData } from '../db/seed/seed-reference-data.ts';
import { cipherFromConfig } from '../lib/crypto/field-cipher-plugin.ts';
import { runCli } from './run-cli.ts';

/**
 * `npm run db:migrate` (issue 36, ADR 0041): applies the migrations and seeds on the configured
 * database, as the owner role when MIGRATION_DATABASE_URL is given (then the runtime role is
 * restricted again), and exits: for deployments that migrate before starting the instances, so
 * the server's own role needs no more than its grants. What the server does at start, alone.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate(async (db) => {
      await seedReferenceData(db);
      if (config.seedDemoUsers) {
        await seedDemoUsers(db, cipherFromConfig(config.dataKey, config.appSecret));
      }
    });
    process.stdout.write('database migrated and seeded\n');
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
