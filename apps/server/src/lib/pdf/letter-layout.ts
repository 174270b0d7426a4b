import { rgb } from 'pdf-lib';

/** The page of the documents we draw: US Letter in points, the Canadian office size. */
export const LETTER_PAGE = { width: 612, height: 792 };
export const LETTER_MARGIN = { left: 56, right: 56, top: 64, bottom: 64 };
export const LETTER_CONTENT_WIDTH = LETTER_PAGE.width - LETTER_MARGIN.left - LETTER_MARGIN.right;

/** The documents' colours: body text, headings and rules, and notes. */
export const DOCUMENT_INK = rgb(0.1, 0.1, 0.12);
export const DOCUMENT_ACCENT = rgb(0.05, 0.32, 0.45);
export const DOCUMENT_MUTED = rgb(0.35, 0.35, 0.4);
