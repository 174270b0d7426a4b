import { BRAND_NAME } from '@portal/domain/brand';
import {
  pepCategoryLabels,
  pepFormFields,
  pepFormQuestions,
  pepFormRoleLabels,
  pepFormTexts,
  pepRelationshipLabels,
} from '@portal/domain';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  DOCUMENT_ACCENT,
  DOCUMENT_INK,
  DOCUMENT_MUTED,
  LETTER_CONTENT_WIDTH,
  LETTER_MARGIN,
  LETTER_PAGE,
} from '../../lib/pdf/letter-layout.ts';
import { embedNotoSans } from '../../lib/pdf/noto-sans.ts';
import { wrapText } from '../esign/application-document.ts';

/**
 * The blank PEP/HIO form to complete by hand (issue 16; spec section 9): the domain's questions
 * (the same the dashboard asks on screen), English then French, each with room to write, for
 * each applicant who must answer, ending with signature and date. Letter pages, Noto Sans.
 */

type Language = 'en' | 'fr';
const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** Choices drawn as boxes to tick; the other questions get writing lines. */
const choicesOf = (field: string, language: Language): string[] | undefined => {
  if (field === 'category') return Object.values(pepCategoryLabels).map((label) => label[language]);
  if (field === 'relationship') {
    return Object.values(pepRelationshipLabels).map((label) => label[language]);
  }
  return undefined;
};

const LONG_ANSWERS: ReadonlySet<string> = new Set([
  'sourceOfWealth',
  'sourceOfFunds',
  'expectedActivity',
]);

export const pepFormFileName = 'pep-hio-form.pdf';

export async function renderPepForm(createdAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${pepFormTexts.title.en} / ${pepFormTexts.title.fr}`, {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor(BRAND_NAME.en);
  pdf.setCreator(BRAND_NAME.en);
  pdf.setLanguage('en-CA');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  const texts: string[] = [
    BRAND_NAME.en,
    BRAND_NAME.fr,
    ...Object.values(pepFormTexts).flatMap((label) => [label.en, label.fr]),
    ...Object.values(pepFormRoleLabels).flatMap((label) => [label.en, label.fr]),
    ...Object.values(pepFormQuestions).flatMap((question) => [
      question.label.en,
      question.label.fr,
      ...('hint' in question ? [question.hint.en, question.hint.fr] : []),
    ]),
    ...Object.values(pepCategoryLabels).flatMap((label) => [label.en, label.fr]),
    ...Object.values(pepRelationshipLabels).flatMap((label) => [label.en, label.fr]),
  ];
  const { regular, bold, clean } = await embedNotoSans(pdf, texts);

  let page: PDFPage = pdf.addPage([LETTER_PAGE.width, LETTER_PAGE.height]);
  let y = LETTER_PAGE.height - LETTER_MARGIN.top;
  const newPage = () => {
    page = pdf.addPage([LETTER_PAGE.width, LETTER_PAGE.height]);
    y = LETTER_PAGE.height - LETTER_MARGIN.top;
  };
  const room = (height: number) => {
    if (y - height < LETTER_MARGIN.bottom) newPage();
  };
  const paragraph = (
    text: string,
    font: PDFFont,
    size = 10,
    color = DOCUMENT_INK,
    x = LETTER_MARGIN.left,
  ) => {
    for (const part of wrapText(
      clean(text),
      font,
      size,
      LETTER_CONTENT_WIDTH - (x - LETTER_MARGIN.left),
    )) {
      room(size + 4);
      page.drawText(part, { x, y: y - size, size, font, color });
      y -= size + 4;
    }
  };
  const writingLine = () => {
    room(22);
    y -= 18;
    page.drawLine({
      start: { x: LETTER_MARGIN.left, y },
      end: { x: LETTER_MARGIN.left + LETTER_CONTENT_WIDTH, y },
      thickness: 0.5,
      color: DOCUMENT_MUTED,
    });
    y -= 4;
  };
  const box = (label: string) => {
    room(16);
    page.drawRectangle({
      x: LETTER_MARGIN.left + 4,
      y: y - 10,
      width: 9,
      height: 9,
      borderColor: DOCUMENT_INK,
      borderWidth: 0.7,
    });
    paragraph(label, regular, 10, DOCUMENT_INK, LETTER_MARGIN.left + 20);
  };

  LANGUAGES.forEach((language, index) => {
    if (index > 0) newPage();
    paragraph(BRAND_NAME[language], bold, 10, DOCUMENT_ACCENT);
    y -= 6;
    paragraph(pepFormTexts.title[language], bold, 16);
    y -= 6;
    paragraph(pepFormTexts.intro[language], regular);
    y -= 8;
    room(40);
    paragraph(
      `${pepFormTexts.applicant[language]}: [  ] ${pepFormRoleLabels.primary[language]}     [  ] ${pepFormRoleLabels.joint[language]}`,
      regular,
    );
    paragraph(pepFormTexts.applicantName[language], bold);
    writingLine();
    y -= 6;
    for (const field of pepFormFields) {
      const question = pepFormQuestions[field];
      room(48);
      paragraph(question.label[language], bold);
      if ('hint' in question) paragraph(question.hint[language], regular, 9, DOCUMENT_MUTED);
      const choices = choicesOf(field, language);
      if (choices) {
        y -= 2;
        for (const choice of choices) box(choice);
      } else {
        const lines = LONG_ANSWERS.has(field) ? 3 : 1;
        for (let line = 0; line < lines; line += 1) writingLine();
      }
      y -= 8;
    }
    room(60);
    paragraph(pepFormTexts.signature[language], bold);
    writingLine();
    y -= 6;
    paragraph(pepFormTexts.date[language], bold);
    writingLine();
    y -= 8;
    paragraph(pepFormTexts.returnIt[language], regular, 9, DOCUMENT_MUTED);
  });
  return pdf.save();
}
