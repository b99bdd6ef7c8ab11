import type { PublicUploads, UploadedFile, UploadResponse } from '../../shared/widget-api'
import { isHttpUrl, isPositiveInt } from './http-url'
import { isNonEmptyString, isRecord, isString, optional, pick } from './read'

// Mirrors UploadResponse and PublicUploads of shared/widget-api.ts (the attachments
// chunk reads them; tests/widget/protocol/upload-bodies.test.ts checks they agree).

const FILE_KEYS = ['id', 'url', 'name', 'size', 'type', 'width', 'height', 'thumb']

function parseUploadedFile(value: unknown): UploadedFile | undefined {
  const valid =
    isRecord(value) &&
    isString(value.id) &&
    isHttpUrl(value.url) &&
    isString(value.name) &&
    isPositiveInt(value.size) &&
    isString(value.type) &&
    optional(value.width, isPositiveInt) &&
    optional(value.height, isPositiveInt) &&
    optional(value.thumb, isHttpUrl)
  return valid ? (pick(value, FILE_KEYS) as UploadedFile) : undefined
}

/** Parses the 201 answer of POST /api/uploads; undefined when it breaks the schema. */
export function parseUploadResponse(value: unknown): UploadResponse | undefined {
  const file = isRecord(value) ? parseUploadedFile(value.file) : undefined
  return file && { file }
}

/** Parses the `uploads` field of GET /api/config; undefined when it breaks the schema. */
export function parsePublicUploads(value: unknown): PublicUploads | undefined {
  const valid =
    isRecord(value) &&
    isPositiveInt(value.maxBytes) &&
    Array.isArray(value.types) &&
    value.types.length > 0 &&
    value.types.every(isNonEmptyString)
  return valid
    ? { maxBytes: value.maxBytes as number, types: [...(value.types as string[])] }
    : undefined
}
