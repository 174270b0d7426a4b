import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A piece of text pdf.js reads on a page, and where it sits. */
export interface PlacedText {
  text: string;
  x: number;
  /** Points from the page's top edge to the top and the bottom of its glyphs' box. */
  top: number;
  bottom: number;
}

/**
 * The text pdf.js reads on each page, each piece with where it sits, measured as a signature
 * spot is: in points from the page's top-left corner.
 */
export async function placedTextOf(bytes: Uint8Array): Promise<PlacedText[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: PlacedText[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const height = page.getViewport({ scale: 1 }).height;
      pages.push(
        (await page.getTextContent()).items.flatMap((item) =>
          'str' in item && item.str.trim() !== ''
            ? [
                {
                  text: item.str,
                  x: Number(item.transform[4]),
                  top: height - Number(item.transform[5]) - item.height,
                  bottom: height - Number(item.transform[5]),
                },
              ]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
