import { extname } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
}

/** The content type a built file (the widget's, the studio's) is served with. */
export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'

// Only plain file names inside assets/: no slashes, no "..", not the build's .br/.gz twins.
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,200}$/
const PRECOMPRESSED = /\.(?:br|gz)$/

/** True for a name /widget/assets/:file or /admin/assets/:file may serve. */
export const isAssetName = (name: string): boolean =>
  ASSET_NAME.test(name) && !name.includes('..') && !PRECOMPRESSED.test(name)
