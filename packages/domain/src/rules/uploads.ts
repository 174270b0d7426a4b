import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '../constants.ts';
import { namedAccountTypes } from '../enums/account-types.ts';
import { uploadDocumentTypes, type UploadDocumentType } from '../enums/documents.ts';
import { extensionOf, isHeifPicture, startsWith } from './file-names.ts';

// Where they were first: a phone's photo-ID page needs them without the rest of this module.
export { extensionOf, isHeifPicture };

/**
 * The upload rules of spec section 5 and the architecture page ("Data protection"): a
 * document type and a file are required, the file is at most 10 MB, its extension is one of
 * PDF, JPG/JPEG, PNG, BMP, GIF, TIF/TIFF, and its first bytes must be what that extension
 * says. Pure, so the client checks a chosen file before sending it and the server checks
 * again what it received.
 */

export type UploadFileType = 'pdf' | 'jpeg' | 'png' | 'bmp' | 'gif' | 'tiff';
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** What each accepted extension promises the content is. */
export const fileTypeOfExtension = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  bmp: 'bmp',
  gif: 'gif',
  tif: 'tiff',
  tiff: 'tiff',
} as const satisfies Record<UploadExtension, UploadFileType>;

/** The media type a stored file is served with: from its detected content, never the client's. */
export const contentTypeOfFileType = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  tiff: 'image/tiff',
} as const satisfies Record<UploadFileType, string>;

/** How many leading bytes `detectFileType` looks at: a client may read just these. */
export const FILE_SIGNATURE_BYTES = 32;

/** Longest reason kept with an upload. */
export const UPLOAD_REASON_MAX_LENGTH = 200;

/** Longest file name kept (the extension is kept whole when a name is shortened). */
export const UPLOAD_FILE_NAME_MAX_LENGTH = 120;

/**
 * One stored document as the API describes it, to its owner (never its content): the server
 * answers it for an upload and in a listing, and the client shows it.
 */
export interface DocumentSummary {
  id: string;
  /** One of the upload document types of spec section 3. */
  documentType: string;
  /**
   * The account of the application the document is for (spec section 2, document upload:
   * "account"), by its name (`rrsp`, `usCash`, ...); null for the whole application.
   */
  account: string | null;
  reason: string | null;
  /** Sanitized for storage and display (`sanitizeFileName`). */
  fileName: string;
  /** In bytes. */
  size: number;
  /** Detected from the file's content by the server (`detectFileType`), never the client's. */
  contentType: string;
  /** ISO 8601. */
  uploadedAt: string;
}

function littleEndian32(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] ?? 0) +
    (bytes[offset + 1] ?? 0) * 0x100 +
    (bytes[offset + 2] ?? 0) * 0x10000 +
    (bytes[offset + 3] ?? 0) * 0x1000000
  );
}

/** Sizes of the BMP information headers that exist (core, v1 to v5, OS/2 2.x). */
const BMP_INFO_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/**
 * The type of a file from its magic bytes, or null when it is none of the accepted types.
 * PDF `%PDF-`; JPEG `FF D8 FF`; PNG its 8-byte signature; GIF `GIF87a`/`GIF89a`; TIFF `II*\0`
 * or `MM\0*`; BMP `BM` followed by zero reserved words and a known information-header size
 * (two letters alone would match too much text).
 */
export function detectFileType(bytes: Uint8Array): UploadFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  ) {
    return 'gif';
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'tiff';
  }
  if (
    startsWith(bytes, [0x42, 0x4d]) &&
    startsWith(bytes, [0, 0, 0, 0], 6) &&
    BMP_INFO_HEADER_SIZES.has(littleEndian32(bytes, 14))
  ) {
    return 'bmp';
  }
  return null;
}

export function isUploadExtension(extension: string): extension is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

export function isUploadDocumentType(value: unknown): value is UploadDocumentType {
  return typeof value === 'string' && Object.hasOwn(uploadDocumentTypes, value);
}

// Control characters, the characters Windows forbids in names, and the bidirectional
// overrides that can make `cod.exe` read as `exe.doc`.
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to store and show: the last path segment only, Unicode NFC (French accents
 * kept), without control, bidirectional-override or reserved characters, spaces collapsed,
 * no leading or trailing dots and spaces, at most 120 characters with its extension kept.
 * Falls back to `document.<ext>` when nothing usable is left.
 */
export function sanitizeFileName(fileName: string, fallbackExtension = 'bin'): string {
  // NFC last: a control character taken out from between two combining marks lets the marks
  // meet, and NFC then puts them in their canonical order (sanitising twice gives the same name).
  const base = (fileName.normalize('NFC').split(/[/\\]/).pop() ?? '')
    .replace(/\s+/g, ' ')
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .normalize('NFC');
  const extension = extensionOf(base);
  const stem = extension ? base.slice(0, base.length - extension.length - 1) : base;
  if (stem.replace(/[\s._-]/g, '') === '') {
    return `document.${extension || fallbackExtension}`;
  }
  if (base.length <= UPLOAD_FILE_NAME_MAX_LENGTH) return base;
  const suffix = extension ? `.${extension.slice(0, 10)}` : '';
  // Cut by code points so a name never ends in half a surrogate pair.
  const kept = Array.from(stem)
    .slice(0, UPLOAD_FILE_NAME_MAX_LENGTH - suffix.length)
    .join('')
    .normalize('NFC')
    .replace(/[\s.]+$/, '');
  return `${kept}${suffix}`;
}

export type UploadProblemCode =
  | 'required'
  | 'invalid'
  | 'heicPhoto'
  | 'unsupportedExtension'
  | 'statementMustBePdf'
  | 'fileTooLarge'
  | 'contentMismatch';

/**
 * Document types that must be the issuer's own PDF (spec section 5: "bank or credit statements
 * must be a PDF directly from the issuer showing the name"): a photo or a scan is refused.
 */
export const PDF_ONLY_DOCUMENT_TYPES: readonly UploadDocumentType[] = [
  'bankStatement',
  'creditStatement',
];

export interface UploadProblem {
  path: 'documentType' | 'account' | 'reason' | 'file';
  code: UploadProblemCode;
}

export interface UploadCandidate {
  /** One of the upload document types of spec section 3. */
  documentType?: string | null;
  /** An account by name (`namedAccountTypes`), or blank for the whole application. */
  account?: string | null;
  reason?: string | null;
  /** The name the person's file had; absent when no file was chosen. */
  fileName?: string | null;
  /** The whole file's size in bytes. */
  size?: number | null;
  /** The file's content, or at least its first `FILE_SIGNATURE_BYTES` bytes. */
  bytes?: Uint8Array | null;
}

/**
 * Problems of one upload, at most one per field: `documentType` required/invalid, `account`
 * invalid (not an account name; whether the application holds it is the server's check),
 * `reason` invalid (too long), `file` required (no file, or an empty one), then unsupportedExtension,
 * fileTooLarge, and contentMismatch when the magic bytes are not what the extension says.
 */
export function uploadProblems(candidate: UploadCandidate): UploadProblem[] {
  const problems: UploadProblem[] = [];
  const { documentType, reason } = candidate;

  if (documentType == null || documentType.trim() === '') {
    problems.push({ path: 'documentType', code: 'required' });
  } else if (!isUploadDocumentType(documentType)) {
    problems.push({ path: 'documentType', code: 'invalid' });
  }
  const account = candidate.account?.trim();
  if (account && !Object.hasOwn(namedAccountTypes, account)) {
    problems.push({ path: 'account', code: 'invalid' });
  }
  if (reason != null && reason.trim().length > UPLOAD_REASON_MAX_LENGTH) {
    problems.push({ path: 'reason', code: 'invalid' });
  }

  const fileCode = uploadFileProblem(candidate);
  if (fileCode) problems.push({ path: 'file', code: fileCode });
  return problems;
}

/**
 * The first rule a chosen file breaks, in the order a person can act on it: none chosen, a
 * HEIC photo (say how to get a JPEG), an extension we do not take, a statement that is not a
 * PDF, over 10 MB, content that is not what its extension says. `documentType` may be absent
 * when the type is not chosen yet.
 */
export function uploadFileProblem({
  documentType,
  fileName,
  size,
  bytes,
}: UploadCandidate): UploadProblemCode | undefined {
  if (fileName == null || fileName.trim() === '' || size == null || size <= 0) return 'required';
  if (isHeifPicture(fileName, bytes)) return 'heicPhoto';
  const extension = extensionOf(fileName);
  if (!isUploadExtension(extension)) return 'unsupportedExtension';
  if (
    extension !== 'pdf' &&
    isUploadDocumentType(documentType) &&
    PDF_ONLY_DOCUMENT_TYPES.includes(documentType)
  ) {
    return 'statementMustBePdf';
  }
  if (size > MAX_UPLOAD_BYTES) return 'fileTooLarge';
  if (bytes != null && detectFileType(bytes) !== fileTypeOfExtension[extension]) {
    return 'contentMismatch';
  }
  return undefined;
}

/**
 * Messages of the upload codes (spec section 5: unsupported extension, file already exists,
 * document type and file required). `required` and `invalid` are the generic messages.
 * `storageQuotaExceeded` is the server's refusal of a file past the space one person may use
 * for documents across all their applications; the space is configurable, so the message
 * names no size.
 */
export const uploadMessagesEn = {
  heicPhoto:
    'This photo is in HEIC format, which we cannot read. On an iPhone, share the photo and choose "Save as JPEG", or set Settings > Camera > Formats to "Most Compatible" and take it again. Then upload the JPEG.',
  statementMustBePdf:
    'A bank or credit card statement must be the PDF your bank or card issuer provides, not a photo or scan. Download it from their website or app and upload that PDF.',
  unsupportedExtension:
    'This file type is not supported. Upload a PDF, JPG, JPEG, PNG, BMP, GIF or TIFF file.',
  fileTooLarge: 'The file is too large. Upload a file of 10 MB or less.',
  contentMismatch:
    'The content of this file does not match its extension. Upload the original document.',
  fileAlreadyExists: 'This file already exists.',
  storageQuotaExceeded:
    'This file does not fit in the storage space you have left for documents. Delete a document you no longer need, or upload a smaller file.',
} as const;

export const uploadMessagesFr = {
  heicPhoto:
    'Cette photo est au format HEIC, que nous ne pouvons pas lire. Sur un iPhone, partagez la photo et choisissez «\u00a0Enregistrer en JPEG\u00a0», ou réglez Réglages > Appareil photo > Formats sur «\u00a0Le plus compatible\u00a0» et reprenez-la. Téléversez ensuite le JPEG.',
  statementMustBePdf:
    "Un relevé bancaire ou de carte de crédit doit être le PDF fourni par votre banque ou l'émetteur de la carte, pas une photo ni une numérisation. Téléchargez-le de leur site Web ou de leur application et téléversez ce PDF.",
  unsupportedExtension:
    "Ce type de fichier n'est pas pris en charge. Téléversez un fichier PDF, JPG, JPEG, PNG, BMP, GIF ou TIFF.",
  fileTooLarge: 'Le fichier est trop volumineux. Téléversez un fichier de 10 Mo ou moins.',
  contentMismatch:
    'Le contenu de ce fichier ne correspond pas à son extension. Téléversez le document original.',
  fileAlreadyExists: 'Ce fichier existe déjà.',
  storageQuotaExceeded:
    "Ce fichier dépasse l'espace de stockage qu'il vous reste pour vos documents. Supprimez un document dont vous n'avez plus besoin ou téléversez un fichier plus petit.",
} as const satisfies Record<keyof typeof uploadMessagesEn, string>;
