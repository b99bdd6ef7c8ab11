import type { AgentMessage } from '../../../shared/protocol'
import type { SandboxTimings } from '../options'
import type { Channel } from '../service/model'
import { type AttemptOutcome, type AttemptsResult, runAttempts } from './attempts'
import { judgeReply } from './judge-reply'
import { postRaw } from './post-raw'

export type AgentDeliveryOptions = {
  /** Read at every attempt, so a webhook URL fixed during the retries is used at once. */
  channel: () => Channel
  body: AgentMessage
  timings: SandboxTimings
  /** 1 for typing notifications: they are worth nothing late. */
  attempts?: number
  onAttempt: (attempt: number, outcome: AttemptOutcome, url: string) => void
}

export function deliveryUrl(channel: Channel): string {
  return `${channel.webhookUrl.replace(/\/+$/, '')}/${channel.id}`
}

/** A3: posts an agent message to {webhook_url}/{CHANNEL_PUBLIC_ID} on the spec's schedule. */
export function deliverAgentMessage(options: AgentDeliveryOptions): Promise<AttemptsResult> {
  const json = JSON.stringify(options.body)
  let url = ''
  return runAttempts({
    attempts: options.attempts ?? options.timings.deliveryAttempts,
    intervalMs: options.timings.deliveryIntervalMs,
    run: async () => {
      const channel = options.channel()
      url = deliveryUrl(channel)
      const response = await postRaw(url, json, {
        chunked: channel.chunked,
        timeoutMs: options.timings.deliveryTimeoutMs,
      })
      return judgeReply(response)
    },
    onAttempt: (attempt, outcome) => options.onAttempt(attempt, outcome, url),
  })
}
