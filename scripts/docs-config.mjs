// `npm run docs:config`: writes docs/configuration.md from the configuration's own definitions
// (apps/server/src/config-variables.ts and config-tooling-variables.ts, rendered by
// config-page.ts). `-- --check` writes nothing and fails when the committed page differs, as
// apps/server/src/config-page.test.ts does in the server suite.
//
// Run through tsx (the package script passes `--import tsx`): the definitions are TypeScript.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A computed specifier: this script's type check stays out of the server's sources.
const renderer = pathToFileURL(path.join(root, 'apps/server/src/config-page.ts')).href;
/** @type {{ renderConfigPage(): string, configPagePath: string }} */
const { renderConfigPage, configPagePath } = await import(renderer);

const page = renderConfigPage();
const file = path.join(root, configPagePath);
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // A missing page differs like any other.
  }
  if (committed !== page) {
    console.error(
      `${configPagePath} differs from the configuration's definitions: run npm run docs:config`,
    );
    process.exit(1);
  }
  process.stdout.write(`${configPagePath} is up to date\n`);
} else {
  writeFileSync(file, page);
  process.stdout.write(`wrote ${configPagePath}\n`);
}
