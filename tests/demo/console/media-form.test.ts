import { describe, expect, it } from 'vitest'
import {
  buildMediaMessage,
  FIELDS_OF,
  fillFromFile,
  MEDIA_TYPES,
} from '../../../demo/console/src/media-form'

const file = { file: 'https://cdn.example/f.bin', file_name: 'f.bin', file_size: '2048' }

describe('media form', () => {
  it.each(MEDIA_TYPES.filter((type) => type !== 'location'))(
    'builds a valid %s message with numbers as numbers',
    (type) => {
      const built = buildMediaMessage(type, {
        ...file,
        duration: '12',
        width: '640',
        height: '480',
        text: ' caption ',
      })
      expect(built.ok).toBe(true)
      if (!built.ok) return
      expect(built.message).toMatchObject({
        type,
        file: file.file,
        file_name: 'f.bin',
        file_size: 2048,
      })
      for (const field of ['duration', 'width', 'height'] as const) {
        if (FIELDS_OF[type].includes(field))
          expect(built.message).toHaveProperty(field, expect.any(Number))
        else expect(built.message).not.toHaveProperty(field)
      }
    },
  )

  it('builds a location from latitude and longitude', () => {
    expect(buildMediaMessage('location', { latitude: '52.52', longitude: '13.405' })).toEqual({
      ok: true,
      message: { type: 'location', latitude: 52.52, longitude: 13.405 },
    })
  })

  it('names the missing or invalid field', () => {
    const noSize = buildMediaMessage('video', { file: file.file, file_name: 'v.mp4' })
    expect(noSize).toEqual({ ok: false, error: expect.stringContaining('file_size') })
    const badUrl = buildMediaMessage('photo', { ...file, file: 'javascript:alert(1)' })
    expect(badUrl).toEqual({ ok: false, error: expect.stringMatching(/^file: must be an http/) })
    const badLatitude = buildMediaMessage('location', { latitude: '123', longitude: '0' })
    expect(badLatitude.ok).toBe(false)
  })

  it('leaves out empty optional fields', () => {
    const built = buildMediaMessage('document', { ...file, thumb: '   ', text: '' })
    expect(built).toEqual({
      ok: true,
      message: { type: 'document', file: file.file, file_name: 'f.bin', file_size: 2048 },
    })
  })

  // Issue 35, defect 17: the size in bytes and the pixel size were typed by hand.
  it('fills the name, size, pixels and length from a chosen file, where the type has them', () => {
    const values = { file: 'https://cdn.example/lake.jpg', text: 'The lake', file_size: '1' }
    const facts = { name: 'lake.jpg', size: 13_331, width: 640, height: 427, duration: 12.6 }
    expect(fillFromFile('photo', values, facts)).toEqual({
      file: 'https://cdn.example/lake.jpg',
      text: 'The lake',
      file_name: 'lake.jpg',
      file_size: '13331',
      width: '640',
      height: '427',
    })
    expect(fillFromFile('video', {}, facts)).toMatchObject({ duration: '13', width: '640' })
    expect(fillFromFile('document', {}, facts)).toEqual({
      file_name: 'lake.jpg',
      file_size: '13331',
    })
    expect(fillFromFile('audio', {}, { name: 'a.mp3', size: 9, duration: Number.NaN })).toEqual({
      file_name: 'a.mp3',
      file_size: '9',
    })
    const built = buildMediaMessage('photo', fillFromFile('photo', values, facts))
    expect(built).toMatchObject({ ok: true, message: { file_size: 13_331, width: 640 } })
  })
})
