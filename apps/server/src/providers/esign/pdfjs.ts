import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;

declare global {
  /** pdf.js's worker, loaded here rather than by pdf.js at its first document (see below). */
  var pdfjsWorker: unknown;
}

/**
 * The process's own functions that pdf.js's legacy build replaces with core-js polyfills when it
 * loads: on Node 20 (no `JSON.rawJSON`, no `JSON.parse` source access) core-js forces its
 * JSON.stringify and JSON.parse, which call a replacer or reviver on every key, and its
 * Array.prototype.push, for the whole process. Every request then paid for them (about 4 % of a
 * step save's CPU, issue 18). pdf.js draws with the native ones, so they are put back once it
 * has loaded; what it only adds (Promise.withResolvers, Set methods, ...) stays. Its worker (run
 * in this thread on Node) carries the same polyfills and would load at the first document, so
 * it is loaded here too and handed to pdf.js through `globalThis.pdfjsWorker`.
 */
const restored = [
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Array.prototype, 'push'],
  [Function.prototype, 'toString'],
] as const;

let loading: Promise<Pdfjs> | undefined;

/**
 * pdf.js, loaded on first use: only the sandbox signing ceremony draws PDF pages, so a server
 * that never shows one does not load its 3 MB.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const natives = restored.map(([owner, key]) => Object.getOwnPropertyDescriptor(owner, key));
    try {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
      ]);
      globalThis.pdfjsWorker = worker;
      return pdfjs;
    } finally {
      restored.forEach(([owner, key], index) => {
        const native = natives[index];
        if (native) Object.defineProperty(owner, key, native);
      });
    }
  })();
  return loading;
}
