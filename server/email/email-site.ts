import type { EmailConfig } from '../config/parse-email'

/** The host of a URL (the URL itself when it is not one). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * The site's name in an e-mail: EMAIL_FROM's display name, else the host of
 * `email.continueUrl`, else PUBLIC_URL's host.
 *
 * @example emailSite(undefined, 'https://shop.example/help', 'https://chat.example') // 'shop.example'
 */
export function emailSite(
  config: Pick<EmailConfig, 'fromName'> | undefined,
  continueUrl: string | undefined,
  publicUrl: string,
): string {
  return config?.fromName ?? hostOf(continueUrl ?? publicUrl)
}
