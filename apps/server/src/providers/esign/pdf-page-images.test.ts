import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_WIDTH, pdfPageCount, pdfPageImage } from './pdf-page-images.ts';

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
