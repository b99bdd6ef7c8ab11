import { z } from 'zod'

/** True only for absolute http: or https: URLs; the one rule for links and media. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A string that is an http:// or https:// URL. */
export const HttpUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an http:// or https:// URL')
export type HttpUrl = z.infer<typeof HttpUrl>
