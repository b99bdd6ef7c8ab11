import nodemailer from 'nodemailer'
import { hasSmtpCredentials } from '../config/parse-email'
import type { MailItem, MailOutcome } from './mail-item'

/** Sends one stored e-mail; never throws (the outcome says what happened). */
export type MailTransport = {
  send(item: MailItem): Promise<MailOutcome>
  close(): void
}

export type SmtpTransportOptions = {
  /** SMTP_URL: smtp:// (STARTTLS; required when it carries credentials) or smtps://. */
  url: string
  from: { name: string | undefined; address: string }
  /** How long to wait for the connection, the greeting and each reply. Default 20 s. */
  timeoutMs?: number
  /** Test servers with self-signed certificates only. */
  tls?: { rejectUnauthorized: boolean }
  /**
   * SMTP_ALLOW_PLAINTEXT_AUTH. Off (the default): an smtp:// URL with credentials
   * requires STARTTLS, so a server (or a man in the middle) that does not offer it never
   * sees the password.
   */
  allowPlaintextAuth?: boolean
}

const NO_STARTTLS =
  'the SMTP server did not upgrade to TLS (no STARTTLS), so the login was not sent: use smtps://, a server that offers STARTTLS, or set SMTP_ALLOW_PLAINTEXT_AUTH=1 for a trusted relay'

// Where in the SMTP dialogue a 5xx is about this e-mail (its recipient or its content):
// such a refusal is final. A 5xx anywhere else (AUTH, MAIL FROM) is the operator's
// configuration, which can be fixed: the e-mail waits for it.
const FINAL_STAGES = new Set(['RCPT TO', 'DATA'])

/** Classifies a nodemailer error: 5xx on the recipient or data is final, everything else is retried. */
export function outcomeOfError(error: unknown): MailOutcome {
  const fields = (error ?? {}) as { responseCode?: unknown; command?: unknown; message?: unknown }
  const code = typeof fields.responseCode === 'number' ? fields.responseCode : undefined
  const command = typeof fields.command === 'string' ? fields.command : undefined
  const text = typeof fields.message === 'string' ? fields.message : String(error)
  // A refused or failed STARTTLS that requireTLS insisted on: say why nothing was sent.
  const message = (command === 'STARTTLS' ? `${NO_STARTTLS} (${text})` : text).slice(0, 300)
  if (code !== undefined && code >= 500 && code < 600 && command && FINAL_STAGES.has(command))
    return { kind: 'rejected', code, message }
  return { kind: 'failed', code, message }
}

/**
 * The SMTP transport of SMTP_URL (nodemailer): one connection per e-mail, short
 * timeouts so a hanging server does not hold an e-mail's claim.
 *
 * @example createSmtpTransport({ url: config.email.smtpUrl, from: { name, address } })
 */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const timeout = options.timeoutMs ?? 20_000
  const requireTLS = hasSmtpCredentials(options.url) && !options.allowPlaintextAuth
  const transport = nodemailer.createTransport({
    url: options.url,
    requireTLS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(options.tls ? { tls: options.tls } : {}),
  })
  return {
    async send(item) {
      try {
        await transport.sendMail({
          from: options.from.name
            ? { name: options.from.name, address: options.from.address }
            : options.from.address,
          to: item.to,
          subject: item.subject,
          text: item.text,
          html: item.html,
          messageId: item.messageId,
          headers: item.headers,
          ...(item.replyTo ? { replyTo: item.replyTo } : {}),
        })
        return { kind: 'accepted' }
      } catch (error) {
        return outcomeOfError(error)
      }
    },
    close() {
      transport.close()
    },
  }
}
