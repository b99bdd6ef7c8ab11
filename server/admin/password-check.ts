import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const KEY_LENGTH = 32

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/**
 * The studio's password, kept only as a scrypt hash made once at start. A candidate is
 * hashed the same way and the hashes compared with timingSafeEqual: the time taken does
 * not depend on how much of the password was right.
 *
 * @example const check = await createPasswordCheck(config.admin.password); await check.matches(body.password)
 */
export async function createPasswordCheck(password: string) {
  const salt = randomBytes(16)
  const expected = await derive(password, salt)
  return {
    async matches(candidate: string): Promise<boolean> {
      const actual = await derive(candidate, salt)
      return timingSafeEqual(actual, expected)
    },
  }
}
export type PasswordCheck = Awaited<ReturnType<typeof createPasswordCheck>>
