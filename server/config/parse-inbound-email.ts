import type { EnvSchema } from './env-schema'

/** Replies by e-mail (EMAIL_REPLY_DOMAIN with INBOUND_EMAIL_SECRET). */
export type InboundEmailConfig = {
  /** The domain of the reply addresses, lower case (`reply+<token>@<domain>`). */
  replyDomain: string
  /** The path secret of `POST /hooks/email/<secret>`. A secret: never logged. */
  secret: string
  /** The largest raw message read: twice UPLOAD_MAX_MB plus 1 MiB (base64 makes files a third larger). */
  maxBytes: number
  /** EMAIL_ATTACHMENTS_MB_PER_HOUR in bytes: what all e-mails' files may store per hour (0: none). */
  attachmentBytesPerHour: number
}

const MIB = 1024 * 1024

/** The raw message limit for attachments of at most `uploadMaxBytes` each. */
export function inboundMaxBytes(uploadMaxBytes: number): number {
  return 2 * uploadMaxBytes + MIB
}

/**
 * Replies by e-mail are on with both variables and off with neither; one alone is a
 * mistake (reply addresses nobody receives, or an endpoint with no addresses to check).
 *
 * @example parseInboundEmail({ EMAIL_REPLY_DOMAIN: 'reply.example.com', INBOUND_EMAIL_SECRET: '…' }, 10 << 20, fail)
 */
export function parseInboundEmail(
  e: Pick<
    EnvSchema,
    'EMAIL_REPLY_DOMAIN' | 'INBOUND_EMAIL_SECRET' | 'EMAIL_ATTACHMENTS_MB_PER_HOUR'
  >,
  uploadMaxBytes: number,
  fail: (variable: string, problem: string) => void,
  /** Whether a variable's value was refused already (it then reads as unset here). */
  reported: (variable: string) => boolean = () => false,
): InboundEmailConfig | undefined {
  const domain = e.EMAIL_REPLY_DOMAIN
  const secret = e.INBOUND_EMAIL_SECRET
  if (domain === undefined && secret === undefined) return undefined
  if (reported('EMAIL_REPLY_DOMAIN') || reported('INBOUND_EMAIL_SECRET')) return undefined
  if (domain === undefined) {
    fail(
      'EMAIL_REPLY_DOMAIN',
      'is not set: INBOUND_EMAIL_SECRET needs the domain of the reply addresses (e.g. reply.example.com, its MX record pointing at your inbound mail service)',
    )
    return undefined
  }
  if (secret === undefined) {
    fail(
      'INBOUND_EMAIL_SECRET',
      'is not set: replies sent to EMAIL_REPLY_DOMAIN arrive at {PUBLIC_URL}/hooks/email/{INBOUND_EMAIL_SECRET}; generate one with `openssl rand -hex 24`',
    )
    return undefined
  }
  return {
    replyDomain: domain,
    secret,
    maxBytes: inboundMaxBytes(uploadMaxBytes),
    attachmentBytesPerHour: e.EMAIL_ATTACHMENTS_MB_PER_HOUR * MIB,
  }
}
