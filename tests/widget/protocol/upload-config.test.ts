import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../../server/settings/load-settings'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { DEFAULT_UPLOADS } from '../../../shared/upload-types'
import { PublicConfig } from '../../../shared/widget-api'
import { parsePublicConfig } from '../../../widget/protocol/public-config'
import { parsePublicUploads } from '../../../widget/protocol/upload-bodies'

// The site's attachment limits travel in the public config (and widget.js), only when
// they are not the defaults, and reach the attachments chunk through the loader.

const settings = parseSettings({})

describe('the public config’s uploads', () => {
  it('is absent with the defaults (every byte is in widget.js)', () => {
    expect(publicConfigOf(settings, 'en', 0, DEFAULT_UPLOADS).uploads).toBeUndefined()
    expect(
      publicConfigOf(settings, 'en', 0, { ...DEFAULT_UPLOADS, types: [...DEFAULT_UPLOADS.types] })
        .uploads,
    ).toBeUndefined()
    expect(publicConfigOf(settings, 'en', 0).uploads).toBeUndefined()
  })

  it('carries a smaller limit or fewer types, valid by the shared schema', () => {
    const uploads = { maxBytes: 2 * 1024 * 1024, types: ['png', 'pdf'] }
    const config = publicConfigOf(settings, 'en', 0, uploads)
    expect(config.uploads).toEqual(uploads)
    expect(PublicConfig.parse(JSON.parse(JSON.stringify(config))).uploads).toEqual(uploads)
    expect(publicConfigOf(settings, 'en', 0, { ...DEFAULT_UPLOADS, maxBytes: 1 }).uploads).toEqual({
      ...DEFAULT_UPLOADS,
      maxBytes: 1,
    })
  })

  it('reaches the attachments chunk through the loader’s parser', () => {
    const uploads = { maxBytes: 5 * 1024 * 1024, types: ['jpeg'] }
    const wire = JSON.parse(JSON.stringify(publicConfigOf(settings, 'en', 0, uploads)))
    const loaded = parsePublicConfig(wire)
    expect(parsePublicUploads(loaded?.uploads)).toEqual(uploads)
    // The loader checks only the shape; the chunk's parser refuses bad contents.
    const bad = parsePublicConfig({ ...wire, uploads: { maxBytes: -1, types: 'png' } })
    expect(bad).toBeDefined()
    expect(parsePublicUploads(bad?.uploads)).toBeUndefined()
    expect(parsePublicConfig({ ...wire, uploads: 'all' })).toBeUndefined()
  })
})
