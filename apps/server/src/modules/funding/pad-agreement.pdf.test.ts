import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { padAgreements, users } from '../../db/schema.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import {
  API,
  BANK_TODAY,
  createdFunding,
  fundableAccount,
  oneTimePayload,
  setBankToday,
  uploadedCheque,
} from './funding.fixtures.ts';
import { renderPadAgreement, type PadDetails } from './pad-agreement.pdf.ts';

/** Every word a reader copies out of the PDF, page after page, as pdf.js extracts them. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

const details = (overrides: Partial<PadDetails> = {}): PadDetails => ({
  payorNames: ['Élise Tremblay-Nguyễn'],
  bankAccountMasked: '•••••210',
  institutionName: 'Desjardins',
  amountText: '1 234,56 $',
  frequencyLabel: 'Chaque mois',
  startDate: '2026-11-26',
  oneTime: false,
  preNotificationWaived: true,
  acceptedAt: '2026-11-16T15:00:00.000Z',
  ...overrides,
});

describe('the PAD agreement PDF', () => {
  it('is written in French for a French payor, with the waiver apart and the hash of its bytes', async () => {
    const rendered = await renderPadAgreement({
      language: 'fr',
      agreementId: '0a1b2c3d-0000-4000-8000-000000000000',
      details: details(),
      acceptedAt: new Date('2026-11-16T15:00:00Z'),
    });
    const text = await textOf(rendered.bytes);
    // 'Modification' also proves the text has no ligature glyph ('ModiÒcation').
    for (const heading of [
      'Modification ou annulation',
      'Votre autorisation',
      'Le compte à débiter',
      'Type de débit préautorisé',
      'Montant et calendrier',
      'Pour nous joindre',
      'Vos droits de recours',
      'Renonciation au préavis',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Élise Tremblay-Nguyễn');
    expect(text).toContain('Accord 0A1B2C3D');
    expect(text).not.toContain('Your authorization');
    expect(rendered.sha256).toBe(createHash('sha256').update(rendered.bytes).digest('hex'));
  });

  it('is written in English, without the waiver when the notice was not waived', async () => {
    const rendered = await renderPadAgreement({
      language: 'en',
      agreementId: '0a1b2c3d-0000-4000-8000-000000000000',
      details: details({
        preNotificationWaived: false,
        amountText: '$500.00',
        frequencyLabel: 'One time',
        oneTime: true,
      }),
      acceptedAt: new Date('2026-11-16T15:00:00Z'),
    });
    const text = await textOf(rendered.bytes);
    expect(text).toContain('Your recourse rights');
    expect(text).toContain('•••••210');
    expect(text).not.toContain('Waiver of pre-notification');
    expect(rendered.lines).not.toContain('Waiver of pre-notification');
  });
});

describe('GET coAcctFunding/{id}/agreement', () => {
  const { test, erin, frank } = signedInTestApp('erin', 'frank');
  let requestId: string;
  let agreementId: string;

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    await test.app.db
      .update(users)
      .set({ language: 'fr' })
      .where(eq(users.email, erin.email.toLowerCase()));
    const { applicationId, accountId } = await fundableAccount(test.app, erin);
    const { documentUploadedId } = await uploadedCheque(test.app, erin.token, applicationId);
    const created = await createdFunding(
      test.app,
      erin.token,
      oneTimePayload(accountId, documentUploadedId),
    );
    requestId = created.item.id;
    agreementId = created.confirmation.agreementId;
  });

  it('serves its owner the PDF in their language, the hash kept with it', async () => {
    const response = await test.app.inject({
      url: `${API}/coAcctFunding/${requestId}/agreement`,
      headers: bearer(erin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('accord-dpa-');
    const bytes = response.rawPayload;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const [stored] = await test.app.db
      .select()
      .from(padAgreements)
      .where(eq(padAgreements.id, agreementId));
    expect(stored!.pdfSha256).toBe(sha256);
    expect(response.headers['x-content-sha256']).toBe(sha256);
    expect(stored!.language).toBe('fr');
    expect(stored!.confirmationDue).toBe('2026-11-16');
    // Stored encrypted: the plain PDF's header is not in the column.
    expect(stored!.pdfEncrypted.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    const text = await textOf(bytes);
    expect(text).toContain('Votre autorisation');
    expect(text).toContain('500,00');
  });

  it('answers 404 to anyone else', async () => {
    const response = await test.app.inject({
      url: `${API}/coAcctFunding/${requestId}/agreement`,
      headers: bearer(frank.token),
    });
    expect(response.statusCode).toBe(404);
  });
});
