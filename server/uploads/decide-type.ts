import type { UploadTypeName } from '../../shared/upload-types'
import {
  declaresType,
  isUnspecifiedType,
  typeOfExtension,
  UPLOAD_TYPES,
  type UploadType,
} from './file-types'
import type { ContentKind } from './sniff-type'
import { UploadError } from './upload-error'

export type TypeEvidence = {
  /** The sanitised file name. */
  fileName: string
  /** The request's Content-Type. */
  declared: string | undefined
  /** What the bytes are (sniffType). */
  kind: ContentKind
  /** UPLOAD_TYPES. */
  allowed: readonly UploadTypeName[]
}

const KIND_NAMES: Record<ContentKind, string> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  pdf: 'a PDF document',
  text: 'plain text',
  zip: 'a zip archive',
  docx: 'a Word document (.docx)',
  xlsx: 'an Excel workbook (.xlsx)',
  odt: 'an OpenDocument text (.odt)',
  executable: 'a program',
  unknown: 'of no accepted type',
}

function extensionsOf(allowed: readonly UploadTypeName[]): string {
  return allowed.map((name) => `.${UPLOAD_TYPES[name].extensions[0]}`).join(', ')
}

/** The content may be sent under this type's name (a docx is a zip too; text is txt or csv). */
function contentFits(kind: ContentKind, type: UploadType): boolean {
  if (kind === type.name) return true
  if (kind === 'text') return type.name === 'txt' || type.name === 'csv'
  if (type.name === 'zip') return kind === 'docx' || kind === 'xlsx' || kind === 'odt'
  return false
}

/**
 * The type of an upload when the name, the declared type and the content agree and
 * it is allowed; else an UploadError (415) that says which claim was false. A program
 * named `cute-cat.png` is refused here, whatever it declares.
 */
export function decideType(evidence: TypeEvidence): UploadType {
  const type = checkClaims(evidence)
  checkContent(evidence.fileName, evidence.kind, type)
  return type
}

/**
 * The type the name claims, when allowed and the declared type agrees: checked before
 * the body is read, so a refused type costs no upload.
 */
export function checkClaims(evidence: Omit<TypeEvidence, 'kind'>): UploadType {
  const { fileName, declared, allowed } = evidence
  const byName = typeOfExtension(fileName)
  if (!byName || !allowed.includes(byName.name)) {
    throw new UploadError(
      'unsupported_type',
      `"${fileName}" is not a type this chat accepts: send one of ${extensionsOf(allowed)}.`,
    )
  }
  if (!isUnspecifiedType(declared) && declared !== undefined && !declaresType(declared, byName)) {
    throw new UploadError(
      'type_mismatch',
      `"${fileName}" is declared as ${declared.split(';')[0]} but named .${byName.extensions[0]}: send the file with the name and type it really has.`,
    )
  }
  return byName
}

/** Refuses content that is not what the name says (415 `type_mismatch`). */
export function checkContent(fileName: string, kind: ContentKind, byName: UploadType): void {
  if (!contentFits(kind, byName)) {
    throw new UploadError(
      'type_mismatch',
      kind === 'executable'
        ? `"${fileName}" is a program, not what its name says: programs are never accepted.`
        : `"${fileName}" is named .${byName.extensions[0]} but its content is ${KIND_NAMES[kind]}: send the file with its real extension.`,
    )
  }
}
