// The kinds of file a customer may attach, by name (UPLOAD_TYPES names them), with the
// Content-Type each is sent as and its names' extensions: zod-free, so the widget, the
// studio and the console read what the server checks. What only the server needs (other
// declared types, sniffing, images) lives with it (server/uploads/file-types.ts).

export const UPLOAD_TYPE_NAMES = [
  'png',
  'jpeg',
  'gif',
  'webp',
  'pdf',
  'txt',
  'csv',
  'docx',
  'xlsx',
  'odt',
  'zip',
] as const
export type UploadTypeName = (typeof UPLOAD_TYPE_NAMES)[number]

const OOXML = 'application/vnd.openxmlformats-officedocument'

/** Each type's Content-Type and its names' extensions (lower-case, no dot; the first is canonical). */
export const UPLOAD_FORMATS: Record<
  UploadTypeName,
  { mime: string; extensions: readonly string[] }
> = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  txt: { mime: 'text/plain', extensions: ['txt', 'text', 'log'] },
  csv: { mime: 'text/csv', extensions: ['csv'] },
  docx: { mime: `${OOXML}.wordprocessingml.document`, extensions: ['docx'] },
  xlsx: { mime: `${OOXML}.spreadsheetml.sheet`, extensions: ['xlsx'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
}

/** UPLOAD_MAX_MB's default: the largest file a customer may attach, in MiB. */
export const DEFAULT_UPLOAD_MAX_MB = 10

/**
 * What the backend accepts when UPLOAD_MAX_MB and UPLOAD_TYPES are unset: GET /api/config
 * then says nothing of uploads and the widget assumes this.
 */
export const DEFAULT_UPLOADS: { maxBytes: number; types: string[] } = {
  maxBytes: DEFAULT_UPLOAD_MAX_MB * 1024 * 1024,
  types: [...UPLOAD_TYPE_NAMES],
}
