// pdfjs-dist types its main module only; its worker module is loaded whole and handed back to
// pdf.js (pdfjs.ts), which reads this one export.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
