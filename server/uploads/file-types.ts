// The attachment types Porthole accepts (UPLOAD_TYPES picks among them): what a
// browser may declare for each, the names' extensions, and whether it is an image
// (re-encoded, shown inline, sent as a `photo`).

import { UPLOAD_FORMATS, UPLOAD_TYPE_NAMES, type UploadTypeName } from '../../shared/upload-types'

export type UploadType = {
  name: UploadTypeName
  /** The Content-Type it is served with. */
  mime: string
  /** Other Content-Types browsers declare for it (Windows sends a zip as x-zip-compressed, a csv as vnd.ms-excel). */
  aliases: readonly string[]
  /** Lower-case, without the dot; the first is the canonical one. */
  extensions: readonly string[]
  image: boolean
}

/** What only the backend needs of each type: other declared Content-Types, and whether it is an image. */
const SERVER_SIDE: Record<UploadTypeName, Pick<UploadType, 'aliases' | 'image'>> = {
  png: { aliases: [], image: true },
  jpeg: { aliases: ['image/jpg', 'image/pjpeg'], image: true },
  gif: { aliases: [], image: true },
  webp: { aliases: [], image: true },
  pdf: { aliases: ['application/x-pdf'], image: false },
  txt: { aliases: [], image: false },
  csv: { aliases: ['application/csv', 'text/x-csv', 'application/vnd.ms-excel'], image: false },
  docx: { aliases: [], image: false },
  xlsx: { aliases: [], image: false },
  odt: { aliases: [], image: false },
  zip: { aliases: ['application/x-zip-compressed', 'application/x-zip'], image: false },
}

export const UPLOAD_TYPES = Object.fromEntries(
  UPLOAD_TYPE_NAMES.map((name) => [name, { name, ...UPLOAD_FORMATS[name], ...SERVER_SIDE[name] }]),
) as Record<UploadTypeName, UploadType>

/** The type a file name's extension names, if any. */
export function typeOfExtension(fileName: string): UploadType | undefined {
  const dot = fileName.lastIndexOf('.')
  if (dot < 0) return undefined
  const extension = fileName.slice(dot + 1).toLowerCase()
  return Object.values(UPLOAD_TYPES).find((type) => type.extensions.includes(extension))
}

/** True when `declared` (a Content-Type, parameters allowed) names `type`. */
export function declaresType(declared: string, type: UploadType): boolean {
  const mime = declared.split(';')[0]?.trim().toLowerCase() ?? ''
  return mime === type.mime || type.aliases.includes(mime)
}

/** A declared type that says nothing (browsers send it when they do not know). */
export function isUnspecifiedType(declared: string | undefined): boolean {
  const mime = declared?.split(';')[0]?.trim().toLowerCase() ?? ''
  return mime === '' || mime === 'application/octet-stream'
}
