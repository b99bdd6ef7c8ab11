// The kinds of file a customer may attach, by name (UPLOAD_TYPES names them): zod-free, so
// the widget, the studio and the console read the same list the server checks. Each
// kind's content types, extensions and sniffing live with the server
// (server/uploads/file-types.ts).

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
