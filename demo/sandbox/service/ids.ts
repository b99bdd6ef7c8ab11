import { customAlphabet, nanoid } from 'nanoid'

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** CHANNEL_PUBLIC_ID: short and readable, like the service's. */
export const newChannelId = customAlphabet(ALPHANUMERIC, 10)

/** The endpoint's random string: 32 URL-safe characters from the CSPRNG (nanoid). */
export function newRandomString(): string {
  return nanoid(32)
}

/** Message and event ids. */
export function newId(): string {
  return nanoid(16)
}

/** A readable, unique agent id from a name: "Anna Lee" -> "anna-lee", then "anna-lee-2". */
export function agentIdFor(name: string, taken: (id: string) => boolean): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'agent'
  let id = base
  for (let n = 2; taken(id); n += 1) id = `${base}-${n}`
  return id
}
