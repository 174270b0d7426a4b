import { ConfigError } from '../config.ts';

/**
 * Runs a command's `main` and exits with the code it answers; a failure exits 2, a refused
 * configuration with its reason alone (no stack trace), anything else with the error.
 */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(2);
    },
  );
}
