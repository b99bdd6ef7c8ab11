import { BodyError } from './body-error'

// Fatal: a byte sequence that is not UTF-8 is refused rather than turned into U+FFFD,
// so nothing is stored that the sender did not write. A leading BOM is dropped, as
// fetch's Request.json() does.
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The body's text; BodyError `invalid_utf8` when its bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new BodyError(
      'invalid_utf8',
      'The request body is not valid UTF-8: send JSON encoded as UTF-8 (Content-Type: application/json; charset=utf-8).',
    )
  }
}

/** The JSON value of a body's text; BodyError `empty_body` or `invalid_json`. */
export function parseJsonText(text: string): unknown {
  if (text.trim().length === 0) {
    throw new BodyError('empty_body', 'The request body is empty: send a JSON value.')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : ''
    throw new BodyError('invalid_json', `The request body is not valid JSON${detail}.`)
  }
}
