import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

/*
 * Noto Sans for the PDFs that print people's names (the application, the sandbox's signature
 * certificate). It has the letters of every alphabet the name rule accepts that Canadians write
 * in (Latin with its extensions and Vietnamese, Greek, Cyrillic).
 *
 * The font is cut down to the letters a document uses by HarfBuzz (`subset-font`), then embedded
 * as it is: pdf-lib's own subsetting writes fonts that pdf.js (Firefox's viewer, the sandbox's
 * page images) draws with most letters missing, and the whole font would add about 1 MB per PDF.
 */

/**
 * Text the embedded font can write. Noto Sans has the letters of every alphabet the name rule
 * accepts that Canadians write in (Latin with its extensions and Vietnamese, Greek, Cyrillic);
 * a character it lacks loses its accent when that gives one it has, else becomes `?`, never
 * an exception in the middle of a signature.
 */
export function printableText(value: string, supported: ReadonlySet<number>): string {
  let result = '';
  for (const character of value.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\t' || character === '\n' || character === '\r') {
      result += ' ';
    } else if ((code === 0x202f || code === 0x2007) && !supported.has(code)) {
      result += '\u00a0'; // narrow and figure no-break spaces
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      continue;
    } else if (supported.has(code)) {
      result += character;
    } else {
      const base = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) && base ? base : '?';
    }
  }
  return result;
}

const fontFiles = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;
type Weight = keyof typeof fontFiles;
const fontBytes = new Map<Weight, Promise<Buffer>>();

/** The Noto Sans file of the npm package, read once per process. */
function notoSans(weight: Weight): Promise<Buffer> {
  let bytes = fontBytes.get(weight);
  if (!bytes) {
    bytes = readFile(createRequire(import.meta.url).resolve(fontFiles[weight]));
    fontBytes.set(weight, bytes);
  }
  return bytes;
}

let supportedCharacters: Promise<ReadonlySet<number>> | undefined;

/** The code points both weights can draw, read once per process. */
export function notoSansCharacters(): Promise<ReadonlySet<number>> {
  supportedCharacters ??= Promise.all([notoSans('regular'), notoSans('bold')]).then(
    ([regular, bold]) => {
      const boldSet = new Set(fontkit.create(bold).characterSet);
      return new Set(fontkit.create(regular).characterSet.filter((code) => boldSet.has(code)));
    },
  );
  return supportedCharacters;
}

/** Printable ASCII and Latin-1: kept in every cut, for page numbers, dates and labels. */
const ALWAYS_KEPT = Array.from({ length: 0xff - 0x20 }, (_, index) =>
  String.fromCodePoint(0x20 + index),
).join('');

export interface EmbeddedNotoSans {
  regular: PDFFont;
  bold: PDFFont;
  /** What every drawn string goes through: letters the font lacks lose their accent or become `?`. */
  clean: (value: string) => string;
}

/**
 * Noto Sans regular and bold, embedded in `pdf` with the letters of `texts` (everything the
 * document will draw, before cleaning) and Latin-1. A string outside them draws as empty boxes.
 */
export async function embedNotoSans(
  pdf: PDFDocument,
  texts: Iterable<string>,
): Promise<EmbeddedNotoSans> {
  const supported = await notoSansCharacters();
  const clean = (value: string) => printableText(value, supported);
  let used = ALWAYS_KEPT;
  for (const value of texts) used += clean(value);
  const letters = [...new Set(used)].join('');
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all(
    (['regular', 'bold'] as const).map(async (weight) =>
      pdf.embedFont(await subsetFont(await notoSans(weight), letters, { targetFormat: 'sfnt' }), {
        subset: false,
        // Ligature glyphs ("fi", "ff") have no right text behind them: copied, searched or read
        // aloud, "Modification" would come out as "ModiÒcation".
        features: { liga: false },
      }),
    ),
  );
  return { regular: regular!, bold: bold!, clean };
}
