import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configPagePath, defaultOf, renderConfigPage, valuesOf } from './config-page.ts';
import { toolingVariables } from './config-tooling-variables.ts';
import { serverVariables } from './config-variables.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the repository's own code reads environment variables. */
const scannedFolders = [
  'apps/server',
  'apps/web/src',
  'apps/web/scripts',
  'packages/domain/src',
  'scripts',
  'e2e',
];
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'dist-in-memory',
  'test-results',
  'artifacts',
]);
/** The operating system's own, passed on to child processes, not configuration. */
const systemVariables = new Set(['PATH']);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [relative] : [];
  });
}

const envRead = /process\.env\.([A-Z][A-Z0-9_]*)|import\.meta\.env\.([A-Z][A-Z0-9_]*)/g;

describe('docs/configuration.md', () => {
  it('is what npm run docs:config writes from the definitions', () => {
    const committed = readFileSync(path.join(repoRoot, configPagePath), 'utf8');
    // On failure: run `npm run docs:config` and commit the page with the definitions.
    expect(committed).toBe(renderConfigPage());
  });

  it('documents every environment variable the repository reads', () => {
    const documented = new Set([
      ...Object.keys(serverVariables),
      ...toolingVariables.map((variable) => variable.name),
    ]);
    const undocumented = new Set<string>();
    for (const file of scannedFolders.flatMap(sourceFiles)) {
      for (const match of readFileSync(path.join(repoRoot, file), 'utf8').matchAll(envRead)) {
        const name = match[1] ?? match[2] ?? '';
        if (!documented.has(name) && !systemVariables.has(name)) {
          undocumented.add(`${name} (${file})`);
        }
      }
    }
    expect([...undocumented]).toEqual([]);
  });

  it('names files that still read each variable of the build, the tests and the scripts', () => {
    const stale = toolingVariables.flatMap((variable) =>
      variable.readBy
        .filter((file) => !readFileSync(path.join(repoRoot, file), 'utf8').includes(variable.name))
        .map((file) => `${variable.name} (${file})`),
    );
    expect(stale).toEqual([]);
  });
});

describe('the configuration page', () => {
  it("shows a number's bounds and an enum's choices as the schema holds them", () => {
    expect(valuesOf(serverVariables.PORT)).toBe('whole number, 0 to 65,535');
    expect(valuesOf(serverVariables.SESSION_IDLE_MINUTES)).toBe('number, 0.25 to 1440');
    expect(valuesOf(serverVariables.ADDRESS_LOOKUP_PROVIDER)).toBe('`sandbox`, `canadapost`');
    expect(valuesOf(serverVariables.SEED_DEMO_USERS)).toMatch(/^`true` or `false`/);
  });

  it("shows the schema's own default unless the definition words it", () => {
    expect(defaultOf(serverVariables.PORT)).toBe('`8080`');
    expect(defaultOf(serverVariables.LOG_LEVEL)).toBe('`info`');
    expect(defaultOf({ group: 'running', schema: z.string().optional(), description: '' })).toBe(
      '(unset)',
    );
    expect(defaultOf(serverVariables.WEB_DIST_DIR)).toBe('`apps/web/dist` of this repository');
  });

  it('marks the variables that hold keys or passwords as secrets', () => {
    const page = renderConfigPage();
    for (const name of [
      'APP_SECRET',
      'DATA_ENCRYPTION_KEY',
      'SMTP_URL',
      'SANDBOX_MAILBOX_SECRET',
    ]) {
      expect(page).toContain(`| \`${name}\` **secret** |`);
    }
    expect(page).not.toContain('`PORT` **secret**');
  });
});
