/**
 * A secret as the operator may see it: stars and its last 4 characters, enough to
 * tell which value is configured without printing it. Short values show nothing.
 *
 * @example maskSecret('0123456789abcdefc9f3') // '****c9f3'
 */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `****${secret.slice(-4)}` : '****'
}
