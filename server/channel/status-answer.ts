// What one A1 answer means (spec 2.2); channel-client.ts reads every answer with it.

/**
 * A1's answer: whether agents are online; `problem` says why an answer counted as offline;
 * `serviceDate`, the service's clock when it answered (its `Date` header, ms), when it sent one.
 */
export type StatusOutcome = { online: boolean; problem?: string; serviceDate?: number }

/** How an A1 answer broke the spec's rules, for the upstream error metric. */
export type StatusAnswerFault = 'not_found' | 'irregular'

/**
 * A1's rules for one HTTP answer: 200 with the body "1" (online) or "0" (offline);
 * 404 means the service does not know the channel; anything else is irregular and
 * answers offline.
 */
export function readStatusAnswer(
  httpStatus: number,
  body: string,
): StatusOutcome & { fault?: StatusAnswerFault } {
  const text = body.trim()
  if (httpStatus === 404)
    return {
      online: false,
      problem: 'the service does not know this channel (404): check CHANNEL_URL',
      fault: 'not_found',
    }
  if (httpStatus !== 200 || (text !== '0' && text !== '1'))
    return {
      online: false,
      problem: `irregular status answer ${httpStatus} "${text.slice(0, 40)}"`,
      fault: 'irregular',
    }
  return { online: text === '1' }
}
