import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PublicConfig, PublicUploads, UploadResponse } from '../../../shared/widget-api'
import { parsePublicUploads, parseUploadResponse } from '../../../widget/protocol/upload-bodies'
import { expectSameVerdicts } from '../support/parser-agreement'

// The attachments chunk's hand-written parsers must accept exactly what the zod schemas accept.

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const loose = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
)
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: loose, weight: 1 })
const url = fc.oneof(
  {
    arbitrary: fc.constantFrom('https://chat.example/files/ab/cat.png', 'http://x.example/f'),
    weight: 6,
  },
  {
    arbitrary: fc.constantFrom('javascript:alert(1)', '//x.example', 'ftp://x', '', 'https://'),
    weight: 1,
  },
)
const size = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 50_000_000 }), weight: 6 },
  { arbitrary: fc.constantFrom(0, -1, 1.5, Number.NaN, 2 ** 60), weight: 1 },
)

describe('upload parsers agree with the shared schemas', () => {
  it('UploadResponse (POST /api/uploads 201)', () => {
    let accepted = 0
    const file = fc.record(
      {
        id: mostly(fc.constantFrom('a'.repeat(48), 'f00d')),
        url,
        name: mostly(fc.string()),
        size: mostly(size),
        type: mostly(fc.constantFrom('image/png', 'application/pdf')),
        width: maybe(mostly(size)),
        height: maybe(mostly(size)),
        thumb: maybe(url),
        extra: maybe(loose),
      },
      { requiredKeys: ['id', 'url', 'name', 'size', 'type'] },
    )
    const body = fc.oneof(
      { arbitrary: fc.record({ file: mostly(file) }), weight: 8 },
      { arbitrary: loose, weight: 1 },
    )
    accepted += expectSameVerdicts(body, parseUploadResponse, UploadResponse, { numRuns: 2000 })
    expect(accepted).toBeGreaterThan(100)
  })

  it('PublicUploads (the public config’s `uploads`)', () => {
    let accepted = 0
    const uploads = fc.oneof(
      {
        arbitrary: fc.record(
          {
            maxBytes: mostly(size),
            types: mostly(fc.array(mostly(fc.constantFrom('png', 'pdf', '')), { maxLength: 4 })),
            extra: maybe(loose),
          },
          { requiredKeys: ['maxBytes', 'types'] },
        ),
        weight: 8,
      },
      { arbitrary: loose, weight: 1 },
    )
    accepted += expectSameVerdicts(uploads, parsePublicUploads, PublicUploads, { numRuns: 2000 })
    expect(accepted).toBeGreaterThan(100)
  })

  it('`uploads` is an optional field of the public config', () => {
    const config = {
      title: 'Acme',
      color: '#1f6feb',
      position: 'bottom-right',
      sound: false,
      statusPollSeconds: 30,
    }
    expect(PublicConfig.safeParse(config).success).toBe(true)
    const uploads = { maxBytes: 1_048_576, types: ['png', 'pdf'] }
    expect(PublicConfig.parse({ ...config, uploads }).uploads).toEqual(uploads)
    expect(PublicConfig.safeParse({ ...config, uploads: { maxBytes: 0, types: [] } }).success).toBe(
      false,
    )
  })
})
