// `npx tsx scripts/model-answer-costs.ts`: what a written answer costs in tokens. The demo
// shop's articles (demo/articles/) are searched as the bot searches them, each question's
// request goes to the tests' fake OpenAI-compatible server (kit/fake-openai.ts),
// which records it and answers with the first passage, cited; the recorded prompts are
// then measured. Tokens are estimated at four characters a token (English text with
// OpenAI's tokenizers comes close; other languages take more): the model's own count is
// in /metrics (porthole_answers_llm_tokens_total). Prints the table of
// docs/operators/model-answers.md#costs.
import { resolve } from 'node:path'
import { answersConfigOf, startFakeOpenAi } from '../kit/fake-openai'
import { createHelp } from '../server/help/help-service'
import { seedArticleFolder } from '../server/help/import/seed-folder'
import { createArticleStore } from '../server/help/store/create-article-store'
import { createLogger } from '../server/logging/logger'
import { createMetricsRegistry } from '../server/metrics/registry'
import type { ModelAnswers } from '../server/model-answers/model-answers'
import { MAX_TURNS, type Turn } from '../server/model-answers/prompt'
import { createRuntimeAnswers } from '../server/model-answers/runtime-answers'
import { createMemoryStore } from '../server/store/memory-store'
import { BotSettings } from '../shared/settings/bot-rules'

const QUESTIONS = [
  'How long does delivery take?',
  'Can I return shoes I have worn once?',
  'When will I get my money back after a return?',
  'Can I swap a jacket for a bigger size?',
  'Do you ship to Canada?',
  'Where is my parcel?',
  'Which cards do you accept?',
  'How do I change my password?',
  'Can I cancel an order I placed an hour ago?',
  'What size should I pick if I am between two sizes?',
]
// The length of a site owner's tone notes in the studio's example.
const INSTRUCTIONS =
  'Write like a friendly shop assistant: short sentences, no jargon, address the visitor as "you". Mention the returns window when it matters. Never promise a delivery date.'

const estimate = (characters: number) => Math.ceil(characters / 4)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

const logger = createLogger({ level: 'error', write: () => {} })
const store = createMemoryStore()
const registry = createMetricsRegistry({ processMetrics: false })
const help = createHelp({
  articles: createArticleStore(store, logger),
  store,
  publicUrl: 'http://localhost:3000',
  registry,
  now: Date.now,
  logger,
})
await seedArticleFolder(resolve(import.meta.dirname, '../demo/articles'), help.articles, Date.now())
await help.start()
const model = await startFakeOpenAi()
model.setDefault((request) => {
  const data = JSON.parse(request.body?.messages?.at(-1)?.content ?? '{}')
  const first = data.passages?.[0]
  return { content: first ? `${first.text} [[${first.id}]]` : 'NO_ANSWER' }
})
const answers: ModelAnswers = createRuntimeAnswers({
  config: {
    answersLlm: answersConfigOf(model, { dailyTokens: 1_000_000_000 }),
  },
  store,
  help,
  fetch,
  registry,
  logger,
  now: Date.now,
  mask: (text) => text,
})
const settings = BotSettings.parse({ modelAnswers: { enabled: true, instructions: INSTRUCTIONS } })

type Row = { in: number }
async function measure(turnsOf: (question: string) => Turn[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const question of QUESTIONS) {
    const before = model.requests.length
    const result = await answers.answer({
      question,
      language: 'en',
      settings,
      turns: turnsOf(question),
      source: 'costs',
    })
    const request = model.requests[before]
    if (!request || result.fallback) throw new Error(`"${question}": ${result.fallback}`)
    const sent = (request.body?.messages ?? []).reduce((n, m) => n + m.content.length, 0)
    rows.push({ in: estimate(sent) })
  }
  return rows
}

// A follow-up: the conversation's last turns (as many as are sent) are full earlier questions and answers.
const followUp = (question: string): Turn[] =>
  Array.from({ length: MAX_TURNS }, (_, i) => ({
    from: i % 2 ? 'bot' : 'visitor',
    text:
      i % 2 ? `${'An earlier written answer of about sixty words. '.repeat(6)}`.trim() : question,
  }))

const first = await measure(() => [])
const later = await measure(followUp)
await model.close()
await help.stop()
await store.close()

// The answer's own tokens: at most max_tokens (600); the rules ask for 120 words or fewer,
// about 160 tokens. The fake echoes a passage, so its answers say nothing of a real one's length.
const ANSWER_TOKENS = 160
const line = (name: string, rows: Row[]) => {
  const sent = rows.map((r) => r.in)
  return `| ${name} | ${Math.round(median(sent))} | ${Math.min(...sent)}–${Math.max(...sent)} | ${Math.round(median(sent)) + ANSWER_TOKENS} |`
}
console.log(
  `${QUESTIONS.length} questions over the demo shop's articles, tokens estimated at 4 characters each:\n`,
)
console.log('| question | tokens sent (median) | tokens sent (range) | with a 120-word answer |')
console.log('|---|---|---|---|')
console.log(line('first of a conversation', first))
console.log(line(`follow-up with ${MAX_TURNS} earlier messages`, later))
const perAnswer = Math.round(median(later.map((r) => r.in))) + ANSWER_TOKENS
console.log(
  `\nANSWERS_LLM_DAILY_TOKENS=200000 (the default) pays for about ${Math.floor(200_000 / perAnswer)} follow-up answers a day.`,
)
