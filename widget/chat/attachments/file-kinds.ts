import { UPLOAD_FORMATS, type UploadTypeName } from '../../../shared/upload-types'

// What the widget does with the attachment types the backend accepts (their Content-Types
// and extensions: shared/upload-types.ts, the backend's own list).

/** What a file is uploaded as: the name sent (with an extension of its type) and the Content-Type. */
export interface UploadAs {
  name: string
  type: string
}

const known = (types: readonly string[]) =>
  types.flatMap((name) => UPLOAD_FORMATS[name as UploadTypeName] ?? [])

/**
 * How a file of `types` (type names) is sent, or undefined when its type is not one of
 * them. The name's extension decides; a name without a known one (a pasted picture
 * named "image") is given the extension of the type the browser reports.
 */
export function uploadAs(
  file: { name: string; type: string },
  types: readonly string[],
): UploadAs | undefined {
  const dot = file.name.lastIndexOf('.')
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : ''
  const kinds = known(types)
  const named = kinds.find((kind) => kind.extensions.includes(extension))
  if (named) return { name: file.name, type: named.mime }
  // A name that says another type (cat.exe, photo.heic) is never renamed into an accepted one.
  if (/^[a-z0-9]{1,5}$/.test(extension)) return undefined
  const reported = kinds.find((kind) => kind.mime === file.type.toLowerCase())
  return (
    reported && { name: `${file.name || 'file'}.${reported.extensions[0]}`, type: reported.mime }
  )
}

/** The file input's `accept`: each type's Content-Type and extensions (phones offer the camera for images). */
export function acceptOf(types: readonly string[]): string {
  return known(types)
    .flatMap((kind) => [kind.mime, ...kind.extensions.map((extension) => `.${extension}`)])
    .join()
}

/** "PNG, JPEG, PDF": the types for people. */
export function typeList(types: readonly string[]): string {
  return types.map((name) => name.toUpperCase()).join(', ')
}
