import type { Logger } from '../../server/logging/logger'
import type { AgentInput, BotProviderInput, ChannelInput } from './service/inputs'

/** Every timing of the service; the defaults are the spec's (section 8). */
export type SandboxTimings = {
  /** Pause between A3 delivery attempts. Spec: 3 s. */
  deliveryIntervalMs: number
  /** A3 attempts until a valid positive response. Spec: 3. */
  deliveryAttempts: number
  /** How long one A3 attempt waits for the integrator's answer. */
  deliveryTimeoutMs: number
  /** Timeout of one B2 request. Spec: 3 s. */
  botTimeoutMs: number
  /** B2 retries after the first request. Spec: 2. */
  botRetries: number
  /**
   * How long a customer's typein shows "typing…" without another typein or a typeout.
   * The spec says nothing; the widget repeats typein every 3 s while the customer types.
   */
  customerTypingMs: number
}

export const SPEC_TIMINGS: SandboxTimings = {
  deliveryIntervalMs: 3000,
  deliveryAttempts: 3,
  deliveryTimeoutMs: 3000,
  botTimeoutMs: 3000,
  botRetries: 2,
  customerTypingMs: 10_000,
}

export type SandboxOptions = {
  timings?: Partial<SandboxTimings>
  /** Used for the B2 calls to bot providers (A3 uses node:http to control the framing). */
  fetch?: typeof fetch
  /** Base of the channel endpoints and of the bot interface; default http://localhost:3100. */
  publicUrl?: string
  /**
   * Host names the sandbox answers to besides localhost, 127.0.0.1, [::1], publicUrl's
   * host and the address it listens on; requests for any other Host get 403 (DNS rebinding).
   */
  allowedHosts?: string[]
  /** Created at start unless a channel of the same name exists (state file). */
  channels?: ChannelInput[]
  /** Created at start unless an agent of the same name exists. */
  agents?: AgentInput[]
  /** Registered (or updated) at start. */
  botProviders?: BotProviderInput[]
  /** JSON file that keeps channels, agents, providers and chats across restarts. */
  stateFile?: string
  /** Folder of the built console; default dist/console of the package. */
  consoleDir?: string
  /**
   * Porthole's inbound e-mail route (`{PUBLIC_URL}/hooks/email/<INBOUND_EMAIL_SECRET>`):
   * the Mailbox tab's "Reply as the visitor" posts the reply there as raw RFC 822.
   */
  inboundEmailUrl?: string
  /** Traffic log entries kept in memory; default 5000. */
  trafficLimit?: number
  /**
   * Where the sandbox reports failures no request can answer (a state file it cannot
   * save, a throwing listener); default: warnings and errors as text on stderr.
   */
  logger?: Logger
}

export function resolveTimings(timings: Partial<SandboxTimings> = {}): SandboxTimings {
  const resolved = { ...SPEC_TIMINGS, ...timings }
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`sandbox timings.${name} must be a non-negative integer, got ${value}`)
    }
  }
  if (resolved.deliveryAttempts < 1) {
    throw new RangeError('sandbox timings.deliveryAttempts must be at least 1')
  }
  return resolved
}
