// The parts of Porthole's signed tokens (a visitor's token, a resume link's), joined by
// dots: a visitor id in base64url (a site's user ids may contain dots) and whole numbers
// in base 36, all of them safe in a URL path and a fragment.
const BASE64URL = /^[A-Za-z0-9_-]+$/
const BASE36 = /^[0-9a-z]{1,12}$/

/** A longer visitor id is refused before anything else is checked. */
export const MAX_VISITOR_ID = 160

export const idPart = (visitorId: string): string =>
  Buffer.from(visitorId, 'utf8').toString('base64url')

export const numberPart = (value: number): string => value.toString(36)

/** The visitor id a part spells, or undefined when it is not base64url or the id is too long. */
export function idOfPart(part: string): string | undefined {
  if (!BASE64URL.test(part)) return undefined
  const id = Buffer.from(part, 'base64url').toString('utf8')
  return id.length > MAX_VISITOR_ID ? undefined : id
}

/** The whole number a part spells, or undefined when it is not base 36 (at most 12 digits). */
export const numberOfPart = (part: string): number | undefined =>
  BASE36.test(part) ? Number.parseInt(part, 36) : undefined
