import { waitFor } from '@testing-library/preact'
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
  ])('%s is a %s', async (name, kind) => {
    const { container, unmount } = showMessage({
      type: 'document',
      file: `https://cdn.example/${name}`,
      file_name: name,
      file_size: 2048,
    })
    // The icons are a chunk of their own: the card keeps their place until it comes.
    const icon = await waitFor(() => {
      const found = container.querySelector('.ph-file svg')
      if (!found) throw new Error('no icon yet')
      return found
    })
    expect(icon?.getAttribute('data-kind')).toBe(kind)
    expect(icon?.getAttribute('aria-hidden')).toBe('true')
    unmount()
  })

  it('a file without a name is `other`', () => {
    expect(fileKind(undefined)).toBe('other')
    expect(fileKind('.zip')).toBe('zip')
  })
})
