import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '../constants.ts';
import { uploadDocumentTypes } from '../enums/documents.ts';
import { messageFor, messagesEn } from '../messages/messages.ts';
import {
  FILE_SIGNATURE_BYTES,
  UPLOAD_FILE_NAME_MAX_LENGTH,
  contentTypeOfFileType,
  detectFileType,
  extensionOf,
  fileTypeOfExtension,
  sanitizeFileName,
  uploadMessagesEn,
  uploadMessagesFr,
  uploadFileProblem,
  uploadProblems,
  type UploadFileType,
} from './uploads.ts';

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

/** A minimal valid header of each type, as real files begin. */
const headers: Record<UploadFileType, number[]> = {
  pdf: ascii('%PDF-1.7\n'),
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, ...ascii('IHDR')],
  gif: ascii('GIF89a'),
  tiff: [0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00],
  // 'BM', file size, two zero reserved words, pixel offset 54, BITMAPINFOHEADER (40).
  bmp: [0x42, 0x4d, 0x46, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0],
};
const fileTypes = Object.keys(headers) as UploadFileType[];

const fileOf = (type: UploadFileType, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(headers[type]);
  return bytes;
};

const valid = { documentType: 'other', fileName: 'document.pdf' };
const problemsOf = (candidate: Parameters<typeof uploadProblems>[0]) =>
  uploadProblems(candidate).map((problem) => `${problem.path}:${problem.code}`);

describe('detectFileType (magic bytes)', () => {
  it('recognises each accepted type from its header', () => {
    for (const type of fileTypes) expect(detectFileType(fileOf(type))).toBe(type);
    expect(detectFileType(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
    expect(detectFileType(new Uint8Array(ascii('GIF87a')))).toBe('gif');
  });

  it('detects any content that follows a valid header', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fileTypes),
        fc.uint8Array({ maxLength: 256 }),
        (type, rest) => {
          const bytes = new Uint8Array(headers[type].length + rest.length);
          bytes.set(headers[type]);
          bytes.set(rest, headers[type].length);
          expect(detectFileType(bytes)).toBe(type);
        },
      ),
    );
  });

  it('needs no more than FILE_SIGNATURE_BYTES leading bytes', () => {
    for (const type of fileTypes) {
      expect(detectFileType(fileOf(type, 4096).slice(0, FILE_SIGNATURE_BYTES))).toBe(type);
    }
  });

  it('refuses text, executables, archives, truncated headers and "BM" text', () => {
    const samples = [
      ascii('hello, world'),
      ascii('BMW owners manual, page 1 of 3'),
      ascii('MZ\x90\x00'),
      [0x50, 0x4b, 0x03, 0x04],
      ascii('%PDF'),
      [0xff, 0xd8],
      ascii('GIF90a'),
      [],
    ];
    for (const sample of samples) expect(detectFileType(new Uint8Array(sample))).toBeNull();
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const type = detectFileType(bytes);
        expect(type === null || fileTypes.includes(type)).toBe(true);
      }),
    );
  });
});

describe('uploadProblems (spec section 5)', () => {
  it('accepts a PDF bank statement', () => {
    expect(
      problemsOf({
        documentType: 'bankStatement',
        fileName: 'statement.pdf',
        size: 64,
        bytes: fileOf('pdf'),
      }),
    ).toEqual([]);
  });

  it('refuses a bank or credit card statement that is not a PDF, whatever else it is', () => {
    for (const documentType of ['bankStatement', 'creditStatement']) {
      for (const type of fileTypes.filter((fileType) => fileType !== 'pdf')) {
        const extension = Object.entries(fileTypeOfExtension).find(([, of]) => of === type)![0];
        expect(
          problemsOf({
            documentType,
            fileName: `photo.${extension}`,
            size: 64,
            bytes: fileOf(type),
          }),
        ).toEqual(['file:statementMustBePdf']);
      }
    }
    // A utility bill or an investment statement may be a photo (spec section 5 names only
    // bank and credit statements).
    for (const documentType of ['utilityBill', 'investmentStatement', 'other']) {
      expect(
        problemsOf({ documentType, fileName: 'bill.jpg', size: 64, bytes: fileOf('jpeg') }),
      ).toEqual([]);
    }
  });

  it('tells a HEIC photo apart, by its name or by its content, before any other rule', () => {
    const heic = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0]);
    const mif1 = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypmif1'), 0, 0, 0, 0]);
    expect(problemsOf({ ...valid, fileName: 'IMG_0001.HEIC', size: MAX_UPLOAD_BYTES * 3 })).toEqual(
      ['file:heicPhoto'],
    );
    expect(problemsOf({ ...valid, fileName: 'IMG_0001.heif', size: 64 })).toEqual([
      'file:heicPhoto',
    ]);
    expect(problemsOf({ ...valid, fileName: 'renamed.jpg', size: 64, bytes: heic })).toEqual([
      'file:heicPhoto',
    ]);
    expect(problemsOf({ ...valid, fileName: 'renamed.png', size: 64, bytes: mif1 })).toEqual([
      'file:heicPhoto',
    ]);
    // An MP4 (brand isom) is not a HEIC photo: it is refused by its extension or content.
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 0, 0]);
    expect(problemsOf({ ...valid, fileName: 'clip.jpg', size: 64, bytes: mp4 })).toEqual([
      'file:contentMismatch',
    ]);
  });

  it('says which rule a file breaks when no document type is chosen yet', () => {
    expect(uploadFileProblem({ fileName: 'id.jpg', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'fileTooLarge',
    );
    expect(uploadFileProblem({ fileName: 'id.pdf', size: 64, bytes: fileOf('jpeg') })).toBe(
      'contentMismatch',
    );
    expect(uploadFileProblem({ fileName: 'id.jpg', size: 64, bytes: fileOf('jpeg') })).toBe(
      undefined,
    );
  });

  it('accepts every listed extension whatever its capitals, when the content agrees', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      const type = fileTypeOfExtension[extension];
      for (const name of [`scan.${extension}`, `SCAN.${extension.toUpperCase()}`]) {
        expect(
          problemsOf({ documentType: 'photoID', fileName: name, size: 64, bytes: fileOf(type) }),
        ).toEqual([]);
      }
    }
  });

  it('requires the document type and the file', () => {
    expect(problemsOf({})).toEqual(['documentType:required', 'file:required']);
    expect(problemsOf({ documentType: '  ', fileName: 'a.pdf', size: 0 })).toEqual([
      'documentType:required',
      'file:required',
    ]);
  });

  it('refuses a document type that is not in the list', () => {
    expect(problemsOf({ ...valid, documentType: 'selfie', size: 64 })).toEqual([
      'documentType:invalid',
    ]);
    expect(problemsOf({ ...valid, documentType: 'toString', size: 64 })).toEqual([
      'documentType:invalid',
    ]);
  });

  it('accepts every upload document type of spec section 3', () => {
    for (const documentType of Object.values(uploadDocumentTypes)) {
      expect(problemsOf({ ...valid, documentType, size: 64 })).toEqual([]);
    }
  });

  it('takes an optional account by its name, and refuses anything else', () => {
    for (const account of [undefined, null, '', '  ', 'rrsp', 'usCash', 'tfsa']) {
      expect(problemsOf({ ...valid, account, size: 64 })).toEqual([]);
    }
    for (const account of ['RRSP-123', 'toString', '3', 'constructor']) {
      expect(problemsOf({ ...valid, account, size: 64 })).toEqual(['account:invalid']);
    }
  });

  it('refuses a reason longer than 200 characters', () => {
    expect(problemsOf({ ...valid, size: 64, reason: 'x'.repeat(200) })).toEqual([]);
    expect(problemsOf({ ...valid, size: 64, reason: 'x'.repeat(201) })).toEqual(['reason:invalid']);
  });

  it('refuses any extension outside the list', () => {
    const accepted = new Set<string>(UPLOAD_EXTENSIONS);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/).filter((ext) => !accepted.has(ext.toLowerCase())),
        (extension) => {
          expect(
            problemsOf({ ...valid, fileName: `scan.${extension}`, size: 64, bytes: fileOf('pdf') }),
          ).toEqual(['file:unsupportedExtension']);
        },
      ),
    );
    for (const name of ['statement', 'statement.', '.pdf', 'statement.pdf.exe', 'a.docx']) {
      expect(problemsOf({ ...valid, fileName: name, size: 64 })).toEqual([
        'file:unsupportedExtension',
      ]);
    }
  });

  it('accepts exactly 10 MB and refuses anything larger', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4096, max: 4096 }), (delta) => {
        const size = MAX_UPLOAD_BYTES + delta;
        const expected = size > MAX_UPLOAD_BYTES ? ['file:fileTooLarge'] : [];
        expect(problemsOf({ ...valid, size, bytes: fileOf('pdf') })).toEqual(expected);
      }),
    );
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses content that is not what the extension says', () => {
    expect(problemsOf({ ...valid, fileName: 'id.png', size: 64, bytes: fileOf('jpeg') })).toEqual([
      'file:contentMismatch',
    ]);
    expect(
      problemsOf({ ...valid, size: 12, bytes: new Uint8Array(ascii('MZ\x90\x00 exe')) }),
    ).toEqual(['file:contentMismatch']);
    fc.assert(
      fc.property(
        fc.constantFrom(...UPLOAD_EXTENSIONS),
        fc.constantFrom(...fileTypes),
        (extension, type) => {
          const agrees = fileTypeOfExtension[extension] === type;
          expect(
            problemsOf({ ...valid, fileName: `f.${extension}`, size: 64, bytes: fileOf(type) }),
          ).toEqual(agrees ? [] : ['file:contentMismatch']);
        },
      ),
    );
  });

  it('reports one problem per field, the most basic first', () => {
    expect(
      problemsOf({ fileName: 'huge.exe', size: MAX_UPLOAD_BYTES * 2, bytes: fileOf('png') }),
    ).toEqual(['documentType:required', 'file:unsupportedExtension']);
  });
});

describe('sanitizeFileName', () => {
  it('keeps an ordinary name, French accents included', () => {
    expect(sanitizeFileName('Relevé de compte – mars 2026.pdf')).toBe(
      'Relevé de compte – mars 2026.pdf',
    );
  });

  it('keeps only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\cheque.png')).toBe('cheque.png');
  });

  it('drops control, reserved and bidirectional-override characters', () => {
    expect(sanitizeFileName('in\u0000voice\r\n"<x>"|?*.pdf')).toBe('invoice x.pdf');
    expect(sanitizeFileName('photo\u202Egnp.exe')).toBe('photognp.exe');
  });

  it('falls back to document.<ext> when nothing usable is left', () => {
    expect(sanitizeFileName('...', 'pdf')).toBe('document.pdf');
    expect(sanitizeFileName(' _-.png')).toBe('document.png');
    expect(sanitizeFileName('')).toBe('document.bin');
  });

  it('shortens long names and keeps the extension', () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.jpeg`);
    expect(name.length).toBeLessThanOrEqual(UPLOAD_FILE_NAME_MAX_LENGTH);
    expect(name.endsWith('é.jpeg')).toBe(true);
  });

  // Any code points, lone surrogates included, as fast-check's `binary` unit gives, half of them
  // below the bidirectional isolates (controls, separators, overrides); built from integers
  // because that unit's first use costs over a second (five under load, past the limit).
  const anyCodePoints = fc
    .array(fc.oneof(fc.integer({ min: 0, max: 0x2069 }), fc.integer({ min: 0, max: 0x10ffff })), {
      maxLength: 400,
    })
    .map((points) => String.fromCodePoint(...points));

  it('always yields a short name without path separators or control characters', () => {
    fc.assert(
      fc.property(anyCodePoints, (input) => {
        const name = sanitizeFileName(input);
        expect(name.length).toBeGreaterThan(0);
        expect(Array.from(name).length).toBeLessThanOrEqual(UPLOAD_FILE_NAME_MAX_LENGTH);
        // eslint-disable-next-line no-control-regex
        expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
        expect(sanitizeFileName(name)).toBe(name);
      }),
    );
  });
});

describe('sanitizeFileName after a control character between combining marks', () => {
  it('gives a name that sanitises to itself (the marks in their canonical order)', () => {
    // U+0732 (class 230), NUL, U+0316 (class 220): with the NUL gone, NFC swaps the two marks.
    const name = sanitizeFileName('\u0732\u0000\u0316');
    expect(name).toBe('\u0316\u0732');
    expect(sanitizeFileName(name)).toBe(name);
  });
});

describe('upload messages', () => {
  it('has a French message for every English one, with the French words', () => {
    expect(Object.keys(uploadMessagesFr).sort()).toEqual(Object.keys(uploadMessagesEn).sort());
    expect(uploadMessagesFr.fileAlreadyExists).toBe('Ce fichier existe déjà.');
    expect(uploadMessagesFr.fileTooLarge).toMatch(/10 Mo/);
    expect(uploadMessagesEn.unsupportedExtension).toMatch(/PDF, JPG, JPEG, PNG, BMP, GIF or TIFF/);
  });

  it('explains a refusal past the storage quota in both languages, naming what to do', () => {
    expect(uploadMessagesEn.storageQuotaExceeded).toMatch(/storage space/);
    expect(uploadMessagesEn.storageQuotaExceeded).toMatch(/Delete a document/);
    expect(uploadMessagesFr.storageQuotaExceeded).toMatch(/espace de stockage/);
    expect(uploadMessagesFr.storageQuotaExceeded).toMatch(/Supprimez un document/);
    expect(messageFor('storageQuotaExceeded', 'fr')).toBe(uploadMessagesFr.storageQuotaExceeded);
  });

  it('leaves required and invalid to the generic messages', () => {
    expect(messagesEn.required).toBe('Required.');
    expect(Object.keys(uploadMessagesEn)).not.toContain('required');
  });

  it('names a media type for every detected type', () => {
    expect(contentTypeOfFileType.tiff).toBe('image/tiff');
    expect(extensionOf('A.Scan.TIFF')).toBe('tiff');
  });
});
