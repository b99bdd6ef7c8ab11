import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppDeps } from '../../../server/app-deps'
import type { Config } from '../../../server/config/config'
import { inboundMaxBytes } from '../../../server/config/parse-inbound-email'
import { createReplyAddresses } from '../../../server/email/reply-address'
import { updateProfile } from '../../../server/session/profile'
import { UPLOAD_TYPE_NAMES } from '../../../shared/upload-types'
import { createTestConfig, TEST_SESSION_SECRET } from '../../support/test-config'
import { FIXTURE_DOMAIN, FIXTURE_VISITOR } from './inbound-emails'
import { createTestApp, type TestApp } from './test-app'

export const INBOUND_SECRET = 'inbound-secret-0123456789abcdef'
export const addresses = createReplyAddresses({
  secret: TEST_SESSION_SECRET,
  domain: FIXTURE_DOMAIN,
})
export const MARIA = { name: 'Maria Lopez', email: 'maria.lopez@gmail.com' }

export type InboundTestApp = TestApp & {
  /** POSTs a raw message to the inbound route. */
  postMail(
    raw: Uint8Array | string,
    options?: { secret?: string; type?: string },
  ): Promise<Response>
  cleanup(): Promise<void>
}

/**
 * A test app with replies by e-mail on, uploads in a temporary folder, and the
 * fixtures' visitor known (a profile with Maria's contact, as after the offline form).
 */
export async function createInboundTestApp(
  options: {
    maxBytes?: number
    uploadMaxBytes?: number
    /** EMAIL_ATTACHMENTS_MB_PER_HOUR in bytes (default 200 MiB). */
    attachmentBytesPerHour?: number
    overrides?: Partial<AppDeps>
    env?: Record<string, string>
    config?: Partial<Config>
  } = {},
): Promise<InboundTestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'porthole-inbound-'))
  const uploadMaxBytes = options.uploadMaxBytes ?? 10 * 1024 * 1024
  const config: Config = createTestConfig(
    {
      uploads: {
        maxBytes: uploadMaxBytes,
        types: [...UPLOAD_TYPE_NAMES],
        dir,
        store: { kind: 'folder' },
        perVisitorPerMinute: 1000,
        perIpPerMinute: 10_000,
      },
      inboundEmail: {
        replyDomain: FIXTURE_DOMAIN,
        secret: INBOUND_SECRET,
        maxBytes: options.maxBytes ?? inboundMaxBytes(uploadMaxBytes),
        attachmentBytesPerHour: options.attachmentBytesPerHour ?? 200 * 1024 * 1024,
      },
      ...options.config,
    },
    options.env,
  )
  const t = createTestApp({ config, ...options.overrides })
  await updateProfile(t.deps.store, FIXTURE_VISITOR, { contact: MARIA }, 86_400_000)
  return {
    ...t,
    async postMail(raw, { secret = INBOUND_SECRET, type = 'message/rfc822' } = {}) {
      return await t.app.request(`/hooks/email/${secret}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: typeof raw === 'string' ? raw : Uint8Array.from(raw),
      })
    },
    async cleanup() {
      t.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A plain-text reply (CRLF, UTF-8) to `to`; headers can be added or replaced. */
export function plainMail(to: string, body: string, headers: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    'Return-Path': '<maria@lopez.example>',
    From: 'Maria Lopez <maria@lopez.example>',
    To: `Northwind Support <${to}>`,
    Subject: 'Re: Anna answered your question at Northwind',
    Date: 'Wed, 25 Nov 2026 18:50:33 +0000',
    'Message-ID': `<${Math.random().toString(36).slice(2)}@lopez.example>`,
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Transfer-Encoding': '8bit',
    ...headers,
  }
  const head = Object.entries(all)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')
  return `${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`
}
