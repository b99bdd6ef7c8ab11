import { describe, expect, it } from 'vitest'
import { decideType, type TypeEvidence } from '../../../server/uploads/decide-type'
import { isUploadError } from '../../../server/uploads/upload-error'
import { UPLOAD_TYPE_NAMES } from '../../../shared/upload-types'

function evidence(overrides: Partial<TypeEvidence>): TypeEvidence {
  return {
    fileName: 'photo.png',
    declared: 'image/png',
    kind: 'png',
    allowed: UPLOAD_TYPE_NAMES,
    ...overrides,
  }
}

function refusal(overrides: Partial<TypeEvidence>) {
  try {
    decideType(evidence(overrides))
  } catch (error) {
    if (isUploadError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('decideType', () => {
  it('accepts a file whose name, declared type and content agree', () => {
    expect(decideType(evidence({})).name).toBe('png')
    expect(
      decideType(evidence({ fileName: 'a.JPG', declared: 'image/jpeg', kind: 'jpeg' })).name,
    ).toBe('jpeg')
  })

  it('accepts what browsers declare when they do not know, and their aliases', () => {
    expect(decideType(evidence({ declared: undefined })).name).toBe('png')
    expect(decideType(evidence({ declared: 'application/octet-stream' })).name).toBe('png')
    expect(
      decideType(
        evidence({ fileName: 'a.csv', declared: 'application/vnd.ms-excel', kind: 'text' }),
      ).name,
    ).toBe('csv')
    expect(
      decideType(
        evidence({ fileName: 'a.zip', declared: 'application/x-zip-compressed', kind: 'zip' }),
      ).name,
    ).toBe('zip')
    expect(
      decideType(
        evidence({ fileName: 'a.txt', declared: 'text/plain; charset=utf-8', kind: 'text' }),
      ).name,
    ).toBe('txt')
  })

  it('accepts an office document sent as .zip (it is one), not a plain zip named .docx', () => {
    expect(
      decideType(evidence({ fileName: 'a.zip', declared: 'application/zip', kind: 'docx' })).name,
    ).toBe('zip')
    expect(refusal({ fileName: 'a.docx', declared: undefined, kind: 'zip' }).code).toBe(
      'type_mismatch',
    )
  })

  it('refuses a program named cute-cat.png, whatever it declares', () => {
    const refused = refusal({ fileName: 'cute-cat.png', declared: 'image/png', kind: 'executable' })
    expect(refused).toEqual({
      code: 'type_mismatch',
      message: '"cute-cat.png" is a program, not what its name says: programs are never accepted.',
    })
  })

  it('refuses a declared type that contradicts the name', () => {
    const refused = refusal({ declared: 'application/pdf' })
    expect(refused.code).toBe('type_mismatch')
    expect(refused.message).toContain('declared as application/pdf but named .png')
  })

  it('refuses content of another accepted type than the name says', () => {
    expect(refusal({ fileName: 'scan.pdf', declared: undefined, kind: 'jpeg' }).message).toBe(
      '"scan.pdf" is named .pdf but its content is a JPEG image: send the file with its real extension.',
    )
  })

  it('refuses names without an accepted extension and types UPLOAD_TYPES leaves out', () => {
    expect(refusal({ fileName: 'setup.exe', declared: undefined }).code).toBe('unsupported_type')
    expect(refusal({ fileName: 'README', declared: undefined }).code).toBe('unsupported_type')
    const refused = refusal({ allowed: ['jpeg', 'pdf'] })
    expect(refused).toEqual({
      code: 'unsupported_type',
      message: '"photo.png" is not a type this chat accepts: send one of .jpg, .pdf.',
    })
  })
})
