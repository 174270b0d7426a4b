import type { Plugin } from 'vite';

/**
 * The built client renders with Preact's React API (`preact/compat`) instead of React DOM
 * (issue 18, ADR 0029): every route's first download is about 60 KB smaller. The unit tests and
 * the dev server keep React; the end-to-end suite runs on the build, so on Preact.
 *
 * React Aria needs adaptations, made here and in `preact-adapters.ts` (loaded before the app):
 * - its collections (combo boxes, lists) render into a document of its own
 *   (`collections/Document.mjs`), which Preact asks for `createElementNS` and `remove()`, and
 *   whose nodes call themselves comments, which Preact steps over when it places children;
 * - it copies events with `{ ...event }`, so each event gets its fields as its own;
 * - effects run before the next frame, and `autoFocus` focuses as React DOM's does.
 */
const aliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

const COLLECTION_DOCUMENT =
  /[\\/]react-aria[\\/]dist[\\/]private[\\/]collections[\\/]Document\.mjs$/;
const ENTRY = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;

/** Each edit of React Aria's collection document: what it finds, and what it becomes. */
const collectionEdits: [RegExp, string][] = [
  // Its element nodes: elements, so Preact places them as it would any element.
  [/this\.nodeType = 8\b/, 'this.nodeType = 1'],
  // Every node: `remove()`, as a DOM node has.
  [
    /(\n {4}removeEventListener\(\) \{\}\n)/,
    '$1    remove() {\n        if (this.parentNode) this.parentNode.removeChild(this);\n    }\n',
  ],
  // The document: `createElementNS`, which Preact uses for every element.
  [
    /(\n {4}createElement\(type\) \{)/,
    '\n    createElementNS(namespace, type) {\n        return this.createElement(type);\n    }$1',
  ],
];

export function adaptCollectionDocument(code: string): string {
  return collectionEdits.reduce((patched, [find, replace]) => {
    if (!find.test(patched)) {
      throw new Error(`React Aria's collection document changed: ${find} not found (ADR 0029)`);
    }
    return patched.replace(find, replace);
  }, code);
}

export function preactRenderer(): Plugin {
  return {
    name: 'portal-preact-renderer',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: aliases },
      build: {
        rollupOptions: {
          // React Router reads `useOptimistic`, which Preact lacks, and falls back without it.
          // A handler of our own also replaces Vite's, which drops the "use client" notices.
          onwarn(warning, warn) {
            const optimistic =
              warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic');
            const directive =
              warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client');
            if (!optimistic && !directive) warn(warning);
          },
        },
      },
    }),
    transform(code, id) {
      if (COLLECTION_DOCUMENT.test(id)) return { code: adaptCollectionDocument(code), map: null };
      if (ENTRY.test(id))
        return { code: `import './renderer/preact-adapters.ts';\n${code}`, map: null };
      return undefined;
    },
  };
}
