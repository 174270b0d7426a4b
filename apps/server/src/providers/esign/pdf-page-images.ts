import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs } from './pdfjs.ts';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/**
 * The pages of a PDF drawn as PNG images (pdf.js on @napi-rs/canvas), as signing vendors show a
 * document on a phone: a phone's browser draws no PDF inside a page, and an image scales to
 * any width. The PDF itself stays the document; the images are only a way to read it.
 */

/** The wide side every page is drawn at: sharp on a phone's 3x screen at 390 px, or a tablet. */
export const PAGE_IMAGE_WIDTH = 1200;

// pdf.js reads the 14 standard fonts (Helvetica, ...) from its own package when a PDF names one
// without embedding it.
const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/**
 * The PDF as pdf.js reads it, or undefined when it cannot: the images are a convenience, and
 * the document is still offered whole (download, frame) when they cannot be drawn.
 */
async function openPdf(bytes: Uint8Array) {
  try {
    const { getDocument } = await loadPdfjs();
    return await getDocument({
      // pdf.js takes the buffer over; the caller's copy stays whole.
      data: new Uint8Array(bytes),
      standardFontDataUrl,
      // Glyphs drawn from the embedded font's outlines: the canvas has no font loading, and
      // would otherwise drop most letters of a subset font (Noto Sans in our documents).
      disableFontFace: true,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch {
    return undefined;
  }
}

/** How many pages the PDF has (0 for one pdf.js cannot read). */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  if (!pdf) return 0;
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

/**
 * Page `pageNumber` (from 1) of the PDF as a PNG `width` pixels wide, or undefined when the PDF
 * has no such page (or cannot be read).
 */
export async function pdfPageImage(
  bytes: Uint8Array,
  pageNumber: number,
  width: number = PAGE_IMAGE_WIDTH,
): Promise<{ png: Buffer; width: number; height: number } | undefined> {
  const pdf = await openPdf(bytes);
  if (!pdf) return undefined;
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pdf.numPages) {
      return undefined;
    }
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // A PDF page is white where nothing is drawn; a PNG would be transparent there.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js's canvas types are the DOM's; @napi-rs/canvas implements what it draws with.
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    return { png: await canvas.encode('png'), width: canvas.width, height: canvas.height };
  } finally {
    await pdf.destroy();
  }
}
