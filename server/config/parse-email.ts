import { EMAIL_PROBLEM, isEmailAddress } from '../../shared/contact-rules'

/** SMTP_URL and EMAIL_FROM: where e-mail goes out and who it is from. */
export type EmailConfig = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. A secret. */
  smtpUrl: string
  /** EMAIL_FROM's address. */
  fromAddress: string
  /** EMAIL_FROM's display name, when given (`Northwind <chat@northwind.example>`): the site's name in e-mails. */
  fromName: string | undefined
  /**
   * SMTP_ALLOW_PLAINTEXT_AUTH: an `smtp://` URL with credentials may log in without
   * STARTTLS. Off: the transport requires TLS before AUTH (a stripped STARTTLS fails).
   */
  allowPlaintextAuth?: boolean
}

// nodemailer reads these from the URL's query and lets them override its options: the
// TLS rule is the scheme's and SMTP_ALLOW_PLAINTEXT_AUTH's alone.
const TLS_QUERY_KEYS = ['requireTLS', 'ignoreTLS', 'opportunisticTLS', 'secure']

/** True when an SMTP_URL carries a user or a password (its AUTH must not go out in clear). */
export function hasSmtpCredentials(smtpUrl: string): boolean {
  try {
    const url = new URL(smtpUrl)
    return url.username !== '' || url.password !== ''
  } catch {
    return false
  }
}

const NAMED = /^\s*"?([^"<>]*?)"?\s*<([^<>\s]+)>\s*$/

/** EMAIL_FROM as name and address; undefined when it is neither `addr` nor `Name <addr>`. */
export function parseFrom(
  value: string,
): { name: string | undefined; address: string } | undefined {
  const named = NAMED.exec(value)
  const name = named?.[1]?.trim() || undefined
  const address = (named?.[2] ?? value).trim()
  if (!isEmailAddress(address)) return undefined
  if (name !== undefined && /[\r\n]/.test(name)) return undefined
  return { name, address }
}

/**
 * Reads SMTP_URL and EMAIL_FROM: none of them means e-mail is off (undefined); a problem
 * is reported through `fail` with how to fix it.
 */
export function parseEmail(
  smtpUrl: string | undefined,
  from: string | undefined,
  fail: (variable: string, problem: string) => void,
  allowPlaintextAuth = false,
): EmailConfig | undefined {
  if (smtpUrl === undefined) {
    if (from !== undefined) parseFromOrFail(from, fail)
    return undefined
  }
  let ok = true
  let url: URL | undefined
  try {
    url = new URL(smtpUrl)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    // The value is a secret (it holds the password): never echoed.
    fail(
      'SMTP_URL',
      'must be smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS); percent-encode special characters of the password',
    )
    ok = false
  } else {
    const keys = [...url.searchParams.keys()]
    const tlsKey = TLS_QUERY_KEYS.find((key) =>
      keys.some((k) => k.toLowerCase() === key.toLowerCase()),
    )
    if (tlsKey) {
      fail(
        'SMTP_URL',
        `must not set ${tlsKey} in its query: smtps:// is TLS from the start, smtp:// with credentials requires STARTTLS; to log in without TLS set SMTP_ALLOW_PLAINTEXT_AUTH=1`,
      )
      ok = false
    }
  }
  if (from === undefined) {
    fail(
      'EMAIL_FROM',
      'is not set: e-mail needs a sender, e.g. EMAIL_FROM="Northwind <chat@northwind.example>" (an address your SMTP server may send as)',
    )
    return undefined
  }
  const parsedFrom = parseFromOrFail(from, fail)
  if (!ok || !parsedFrom) return undefined
  return {
    smtpUrl,
    fromAddress: parsedFrom.address,
    fromName: parsedFrom.name,
    allowPlaintextAuth,
  }
}

function parseFromOrFail(from: string, fail: (variable: string, problem: string) => void) {
  const parsed = parseFrom(from)
  if (!parsed)
    fail(
      'EMAIL_FROM',
      `must be an address or "Name <address>", e.g. Northwind <chat@northwind.example>; the address ${EMAIL_PROBLEM}`,
    )
  return parsed
}

/** What of SMTP_URL a log must never show: the whole URL and its password (decoded too). */
export function smtpSecrets(email: EmailConfig | undefined): string[] {
  if (!email) return []
  const secrets = [email.smtpUrl]
  try {
    const password = new URL(email.smtpUrl).password
    if (password) secrets.push(password, decodeURIComponent(password))
  } catch {
    // A URL that does not parse never reached here (parseEmail refused it).
  }
  return secrets
}
