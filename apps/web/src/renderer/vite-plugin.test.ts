import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adaptCollectionDocument } from './vite-plugin.ts';

const require = createRequire(import.meta.url);
const collectionDocument = readFileSync(
  path.join(
    path.dirname(require.resolve('react-aria/package.json')),
    'dist/private/collections/Document.mjs',
  ),
  'utf8',
);

describe('adaptCollectionDocument', () => {
  it('gives the installed React Aria collection document what Preact asks of it', () => {
    const adapted = adaptCollectionDocument(collectionDocument);
    expect(adapted).not.toMatch(/this\.nodeType = 8\b/);
    expect(adapted).toMatch(/this\.nodeType = 1\b/);
    expect(adapted).toMatch(/\n {4}remove\(\) \{/);
    expect(adapted).toMatch(/\n {4}createElementNS\(namespace, type\) \{/);
  });

  it('stops the build when a React Aria upgrade changed what it edits', () => {
    expect(() => adaptCollectionDocument('class Document {}')).toThrow(/ADR 0029/);
  });
});
