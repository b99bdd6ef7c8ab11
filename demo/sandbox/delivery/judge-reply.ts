import { ReplyError, ReplyOk } from '../../../shared/protocol'
import type { AttemptOutcome } from './attempts'
import type { RawResponse } from './post-raw'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Judges the integrator's answer to an agent message (spec 2.3): only HTTP 200 with
 * {"result":"ok"} is a valid positive response. An {"error":...} body gives the agent
 * the integrator's own message.
 */
export function judgeReply(response: RawResponse): AttemptOutcome {
  return { ...judge(response), response: response.body }
}

function judge(response: RawResponse): AttemptOutcome {
  const body = parseJson(response.body)
  const refusal = ReplyError.safeParse(body)
  if (refusal.success) {
    const { code, message } = refusal.data.error
    return {
      ok: false,
      status: response.status,
      error: `the integrator answered error ${code}: ${message}`,
    }
  }
  if (response.status !== 200) {
    return {
      ok: false,
      status: response.status,
      error: `the integrator answered HTTP ${response.status}`,
    }
  }
  if (ReplyOk.safeParse(body).success) return { ok: true, status: 200 }
  return {
    ok: false,
    status: 200,
    error: 'the integrator answered HTTP 200 without {"result":"ok"}',
  }
}
