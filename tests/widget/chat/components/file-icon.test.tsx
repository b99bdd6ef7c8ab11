import { beforeAll, describe, expect, it } from 'vitest'
import { fileKind } from '../../../../widget/chat/components/FileIcon'
import { MediaContent } from '../../../../widget/chat/components/MessageItem'
import { showMessage } from '../../support/message-item'

// Issue 35, defect 14: a file card shows its type as an icon.

beforeAll(() => MediaContent.preload())

describe('file cards', () => {
  it.each([
    ['invoice.pdf', 'pdf'],
    ['Letter.DOCX', 'doc'],
    ['notes.txt', 'doc'],
    ['prices.xlsx', 'sheet'],
    ['export.csv', 'sheet'],
    ['backup.zip', 'zip'],
    ['photo.JPEG', 'image'],
    ['call.m4a', 'audio'],
    ['clip.mp4', 'video'],
    ['setup.exe', 'other'],
    ['README', 'other'],
  ])('%s is a %s', (name, kind) => {
    const { container, unmount } = showMessage({
      type: 'document',
      file: `https://cdn.example/${name}`,
      file_name: name,
      file_size: 2048,
    })
    const icon = container.querySelector('.ph-file svg')
    expect(icon?.getAttribute('data-kind')).toBe(kind)
    expect(icon?.getAttribute('aria-hidden')).toBe('true')
    unmount()
  })

  it('a file without a name is `other`', () => {
    expect(fileKind(undefined)).toBe('other')
    expect(fileKind('.zip')).toBe('zip')
  })
})
