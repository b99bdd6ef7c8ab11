import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../../server/config/load-config'
import { DEFAULT_UPLOADS, UPLOAD_FORMATS, UPLOAD_TYPE_NAMES } from '../../../../shared/upload-types'
import { acceptOf, typeList, uploadAs } from '../../../../widget/chat/attachments/file-kinds'
import { createTestEnv } from '../../../support/test-config'

const ALL = [...UPLOAD_TYPE_NAMES]

describe('the attachment types the widget assumes', () => {
  it('are the backend’s defaults when the config says nothing of uploads', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'porthole-uploads-'))
    const config = loadConfig(createTestEnv(), { cwd })
    rmSync(cwd, { recursive: true, force: true })
    expect(config.uploads.maxBytes).toBe(DEFAULT_UPLOADS.maxBytes)
    expect(config.uploads.types).toEqual(DEFAULT_UPLOADS.types)
  })
})

describe('uploadAs', () => {
  it('takes the type from the name’s extension, in any case', () => {
    expect(uploadAs({ name: 'Holiday.JPG', type: 'image/jpeg' }, ALL)).toEqual({
      name: 'Holiday.JPG',
      type: 'image/jpeg',
    })
    expect(uploadAs({ name: 'q3.xlsx', type: '' }, ALL)?.type).toBe(UPLOAD_FORMATS.xlsx.mime)
    // The declared type follows the name: a csv Windows calls vnd.ms-excel is sent as text/csv.
    expect(uploadAs({ name: 'a.csv', type: 'application/vnd.ms-excel' }, ALL)?.type).toBe(
      'text/csv',
    )
  })

  it('refuses a type the site does not accept and names no accepted type for it', () => {
    expect(uploadAs({ name: 'setup.exe', type: 'application/x-msdownload' }, ALL)).toBeUndefined()
    expect(uploadAs({ name: 'IMG_0001.HEIC', type: 'image/heic' }, ALL)).toBeUndefined()
    expect(uploadAs({ name: 'report.pdf', type: 'application/pdf' }, ['png'])).toBeUndefined()
    // A program with an image's type is not renamed into an image.
    expect(uploadAs({ name: 'cute-cat.exe', type: 'image/png' }, ALL)).toBeUndefined()
  })

  it('gives a pasted picture without an extension the one of its type', () => {
    expect(uploadAs({ name: 'image', type: 'image/png' }, ALL)).toEqual({
      name: 'image.png',
      type: 'image/png',
    })
    expect(uploadAs({ name: '', type: 'image/jpeg' }, ALL)).toEqual({
      name: 'file.jpg',
      type: 'image/jpeg',
    })
    expect(uploadAs({ name: 'image', type: 'image/png' }, ['pdf'])).toBeUndefined()
    expect(uploadAs({ name: 'notes', type: '' }, ALL)).toBeUndefined()
  })
})

describe('acceptOf and typeList', () => {
  it('lists each type’s Content-Type and extensions for the file input', () => {
    expect(acceptOf(['png', 'jpeg', 'pdf'])).toBe(
      'image/png,.png,image/jpeg,.jpg,.jpeg,.jpe,.jfif,application/pdf,.pdf',
    )
    expect(acceptOf(['png', 'nonsense'])).toBe('image/png,.png')
  })

  it('names the types for people', () => {
    expect(typeList(['png', 'pdf', 'docx'])).toBe('PNG, PDF, DOCX')
  })
})
