import { describe, expect, it } from 'vitest'
import { defaultBotLogger } from '../../../server/bot/logger'

describe("the bot's default logger", () => {
  it('writes JSON lines marked component "bot", with the token masked wherever it appears', () => {
    const token = 'bot-token-0123456789abcdef'
    const lines: string[] = []
    const logger = defaultBotLogger(token, (line) => lines.push(line))
    logger.warn(`POST /webhooks/p1/${token} failed`, {
      url: `https://bot.test/webhooks/p1/${encodeURIComponent(token)}`,
      error: new Error(`refused ${token}`),
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain(token)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'warn',
      component: 'bot',
      msg: 'POST /webhooks/p1/[redacted] failed',
      url: 'https://bot.test/webhooks/p1/[redacted]',
      error: { name: 'Error', message: 'refused [redacted]' },
    })
  })
})
