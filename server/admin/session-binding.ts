import { createHmac, scrypt, timingSafeEqual } from 'node:crypto'

// A fixed salt: every instance must derive the same key from the same credentials. The
// key never leaves memory; the store holds only HMACs of session ids, which it does not
// know, so a leaked store gives nothing to guess the password against.
const SALT = 'porthole admin session binding v1'

/** The credentials in force: a change to either ends every studio login. */
export type AdminCredentials = { password: string; token: string | undefined }

/**
 * A key that stands for the credentials in force (scrypt of ADMIN_PASSWORD and
 * ADMIN_TOKEN), made once at start.
 *
 * @example const key = await credentialsKey({ password, token }); bindingOf(key, id)
 */
export function credentialsKey(credentials: AdminCredentials): Promise<Buffer> {
  const secret = `${credentials.password.normalize('NFC')}\u0000${credentials.token ?? ''}`
  return new Promise((resolve, reject) =>
    scrypt(secret, SALT, 32, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** What a session record keeps to prove it was made under these credentials. */
export function bindingOf(key: Buffer, id: string): string {
  return createHmac('sha256', key).update(id).digest('base64url')
}

/** True when `binding` was made for `id` under the credentials `key` stands for. */
export function bindingMatches(key: Buffer, id: string, binding: string): boolean {
  const expected = Buffer.from(bindingOf(key, id))
  const actual = Buffer.from(binding)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
