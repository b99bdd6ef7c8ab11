// The attachment types Porthole accepts (UPLOAD_TYPES picks among them): what a
// browser may declare for each, the names' extensions, and whether it is an image
// (re-encoded, shown inline, sent as a `photo`).

import type { UploadTypeName } from '../../shared/upload-types'

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

const OOXML = 'application/vnd.openxmlformats-officedocument'

export const UPLOAD_TYPES: Record<UploadTypeName, UploadType> = {
  png: { name: 'png', mime: 'image/png', aliases: [], extensions: ['png'], image: true },
  jpeg: {
    name: 'jpeg',
    mime: 'image/jpeg',
    aliases: ['image/jpg', 'image/pjpeg'],
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    image: true,
  },
  gif: { name: 'gif', mime: 'image/gif', aliases: [], extensions: ['gif'], image: true },
  webp: { name: 'webp', mime: 'image/webp', aliases: [], extensions: ['webp'], image: true },
  pdf: {
    name: 'pdf',
    mime: 'application/pdf',
    aliases: ['application/x-pdf'],
    extensions: ['pdf'],
    image: false,
  },
  txt: {
    name: 'txt',
    mime: 'text/plain',
    aliases: [],
    extensions: ['txt', 'text', 'log'],
    image: false,
  },
  csv: {
    name: 'csv',
    mime: 'text/csv',
    aliases: ['application/csv', 'text/x-csv', 'application/vnd.ms-excel'],
    extensions: ['csv'],
    image: false,
  },
  docx: {
    name: 'docx',
    mime: `${OOXML}.wordprocessingml.document`,
    aliases: [],
    extensions: ['docx'],
    image: false,
  },
  xlsx: {
    name: 'xlsx',
    mime: `${OOXML}.spreadsheetml.sheet`,
    aliases: [],
    extensions: ['xlsx'],
    image: false,
  },
  odt: {
    name: 'odt',
    mime: 'application/vnd.oasis.opendocument.text',
    aliases: [],
    extensions: ['odt'],
    image: false,
  },
  zip: {
    name: 'zip',
    mime: 'application/zip',
    aliases: ['application/x-zip-compressed', 'application/x-zip'],
    extensions: ['zip'],
    image: false,
  },
}

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
