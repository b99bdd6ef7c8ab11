import { z } from 'zod'
import { isHttpUrl } from '../url'

/**
 * A link the site owner gives visitors to follow (a privacy policy): an https:// URL of
 * at most 2048 characters, or empty for none.
 */
export const httpsLinkOrEmpty = () =>
  z
    .string()
    .max(2048, 'must be at most 2048 characters')
    .refine(
      (url) => url === '' || (/^https:\/\//i.test(url) && isHttpUrl(url)),
      'must be an https:// URL, or empty',
    )
    .default('')
