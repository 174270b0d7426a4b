import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedNotoSans } from '../../lib/pdf/noto-sans.ts';
import { PAGE_IMAGE_WIDTH, pdfPageCount, pdfPageImage } from './pdf-page-images.ts';

// Taken before any test here loads pdf.js (nothing imports it at load time).
const natives = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  push: Array.prototype.push,
  toString: Function.prototype.toString,
};

async function twoPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['First page', 'Second page']) {
    pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 24, font });
  }
  return pdf.save();
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('a PDF’s pages as images', () => {
  it("leaves the process's own JSON, Array push and Function toString once pdf.js has loaded", async () => {
    expect(await pdfPageCount(await twoPagePdf())).toBe(2);
    expect(JSON.stringify).toBe(natives.stringify);
    expect(JSON.parse).toBe(natives.parse);
    expect(Array.prototype.push).toBe(natives.push);
    expect(Function.prototype.toString).toBe(natives.toString);
    // What pdf.js only adds stays, for its own use (Node 20 has no Promise.withResolvers).
    expect('withResolvers' in Promise).toBe(true);
  });

  it('counts the pages and draws each as a PNG of the asked width, in the page’s proportions', async () => {
    const bytes = await twoPagePdf();
    expect(await pdfPageCount(bytes)).toBe(2);
    const first = await pdfPageImage(bytes, 1);
    expect([...(first?.png.subarray(0, 8) ?? [])]).toEqual(PNG_SIGNATURE);
    expect(first?.width).toBe(PAGE_IMAGE_WIDTH);
    expect(first?.height).toBe(Math.ceil((PAGE_IMAGE_WIDTH * 792) / 612));
    const second = await pdfPageImage(bytes, 2, 390);
    expect(second?.width).toBe(390);
    // The text is drawn: the image is not one flat white.
    expect(first?.png.length).toBeGreaterThan(2000);
  });

  it('has no page 0, nor past the last', async () => {
    const bytes = await twoPagePdf();
    expect(await pdfPageImage(bytes, 0)).toBeUndefined();
    expect(await pdfPageImage(bytes, 3)).toBeUndefined();
    expect(await pdfPageImage(bytes, 1.5)).toBeUndefined();
  });

  it('has no pages to show of a file it cannot read', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\n% nothing\n%%EOF\n');
    expect(await pdfPageCount(broken)).toBe(0);
    expect(await pdfPageImage(broken, 1)).toBeUndefined();
  });
});

describe('a document in Noto Sans, drawn by pdf.js', () => {
  const names = 'Tremblay, Jr. O’Brien Émilie Łukasz Żółć Nguyễn Thị Minh Khai Ελένη Олена';

  /** How many pixels of the drawn line are ink. */
  async function inkOf(embed: (pdf: PDFDocument) => Promise<PDFFont>): Promise<number> {
    const pdf = await PDFDocument.create();
    const font = await embed(pdf);
    pdf.addPage([612, 200]).drawText(names, { x: 24, y: 100, size: 14, font });
    const png = (await pdfPageImage(await pdf.save(), 1, 800))?.png;
    if (!png) throw new Error('not drawn');
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let ink = 0;
    for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 128) ink += 1;
    return ink;
  }

  it('shows every letter as the whole font does (pdf-lib’s own subset lost most of them)', async () => {
    const wholeFont = async (pdf: PDFDocument) => {
      pdf.registerFontkit(fontkit);
      const file = createRequire(import.meta.url).resolve(
        '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      );
      return pdf.embedFont(await readFile(file), { subset: false });
    };
    const whole = await inkOf(wholeFont);
    const cut = await inkOf(async (pdf) => (await embedNotoSans(pdf, [names])).regular);
    expect(whole).toBeGreaterThan(1000);
    expect(Math.abs(cut - whole) / whole).toBeLessThan(0.03);
  });
});
