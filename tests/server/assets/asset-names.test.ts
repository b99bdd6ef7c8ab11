import { describe, expect, it } from 'vitest'
import { contentTypeOf, isAssetName } from '../../../server/assets/asset-names'

// The widget's and the studio's asset routes serve built files by one rule.
describe('asset names', () => {
  it.each(['chat-CfscgjOI.js', 'chat-CfscgjOI.jsru.js', 'studio-a1.css', 'font.woff2', 'x.js.map'])(
    'serves %s',
    (name) => expect(isAssetName(name)).toBe(true),
  )

  it.each([
    '',
    '../secret',
    'a/b.js',
    '.env',
    'chat.js.br',
    'chat.js.gz',
    'a..js',
    `${'a'.repeat(202)}.js`,
  ])('refuses %j (paths, hidden files, the build’s .br/.gz twins, over 201 characters)', (name) =>
    expect(isAssetName(name)).toBe(false),
  )

  it('gives a built file its content type, and an unknown one application/octet-stream', () => {
    expect(contentTypeOf('/dist/widget/assets/chat-x.js')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('studio.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeOf('ping.mp3')).toBe('audio/mpeg')
    expect(contentTypeOf('notes.txt')).toBe('application/octet-stream')
  })
})
