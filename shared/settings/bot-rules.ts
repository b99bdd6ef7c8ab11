import { z } from 'zod'
import { MAX_BUTTONS } from '../protocol'
import { textWithTranslations, withBuiltInTranslations } from './built-in-translations'
import { DEFAULT_ARTICLE_TEXTS } from './default-article-texts'
import { DEFAULT_HANDOVER_PHRASES, DEFAULT_TEXTS } from './default-texts'
import { LanguageTag, LocalizedText } from './localized-text'
import { DEFAULT_MODEL_ANSWERS, ModelAnswers } from './model-answers'

/** A button id that hands the customer to an agent instead of naming a rule. */
export const HANDOVER_BUTTON_ID = 'handover'

const required = (what: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `is required: ${what}` : 'must be a string'),
    })
    .trim()
    .min(1, `must not be empty: ${what}`)

const NonEmpty = z.string().trim().min(1, 'must not be empty')

function checkPattern(pattern: string, ctx: z.RefinementCtx): void {
  try {
    new RegExp(pattern, 'iu')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    ctx.addIssue({ code: 'custom', message: `is not a valid regular expression: ${reason}` })
  }
}

export const ReplyButton = z.strictObject({
  text: NonEmpty,
  /** The rule this button triggers, or "handover"; without it the button's text is matched like a message. */
  id: NonEmpty.optional(),
})
export type ReplyButton = z.infer<typeof ReplyButton>

// A bare string is short for a TEXT reply; turning it into one first keeps the
// error messages of the typed replies (a union would only say "Invalid input").
export const RuleReply = z.preprocess(
  (reply) => (typeof reply === 'string' ? { type: 'TEXT', text: reply } : reply),
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('TEXT'), text: NonEmpty }),
    z.strictObject({
      type: z.literal('MARKDOWN'),
      content: NonEmpty,
      text: required('the plain-text fallback, because chat channels cannot show Markdown'),
    }),
    z.strictObject({
      type: z.literal('BUTTONS'),
      title: NonEmpty.optional(),
      text: required('the plain-text fallback, because chat channels cannot show buttons'),
      buttons: z
        .array(ReplyButton)
        .min(1, 'must hold at least one button')
        .max(MAX_BUTTONS, `must hold at most ${MAX_BUTTONS} buttons (spec section 8)`),
    }),
  ]),
)
export type RuleReply = z.infer<typeof RuleReply>

export const BotRule = z.strictObject({
  name: NonEmpty,
  /** The language of this rule's keywords and reply; the bot's later texts follow it. */
  lang: LanguageTag.optional(),
  /** Whole words or phrases, case-insensitive; a trailing `*` matches any word ending (`цен*`). */
  keywords: z.array(NonEmpty).default([]),
  /** Regular expressions, matched case-insensitively with Unicode on. */
  patterns: z.array(z.string().min(1, 'must not be empty').superRefine(checkPattern)).default([]),
  reply: RuleReply,
})
export type BotRule = z.infer<typeof BotRule>

export const BotSettings = z
  .strictObject({
    defaultLanguage: LanguageTag.default('en'),
    /** Sent before the answer to a chat's first message. */
    greeting: LocalizedText.optional(),
    rules: z.array(BotRule).default([]),
    /** Replaces the default phrases when given. */
    handoverPhrases: z.record(LanguageTag, z.array(NonEmpty)).default(DEFAULT_HANDOVER_PHRASES),
    /** Said before INVITE_AGENT; false says nothing. */
    handoverText: z
      .union([LocalizedText, z.literal(false)])
      .default(DEFAULT_TEXTS.handoverText)
      .transform((text) =>
        text === false ? text : withBuiltInTranslations(text, DEFAULT_TEXTS.handoverText),
      ),
    noAgentText: textWithTranslations(DEFAULT_TEXTS.noAgentText),
    contactThanksText: textWithTranslations(DEFAULT_TEXTS.contactThanksText),
    contactRetryText: textWithTranslations(DEFAULT_TEXTS.contactRetryText),
    /** An address given to the contact question that no e-mail could reach ({email}). */
    contactBadEmailText: textWithTranslations(DEFAULT_TEXTS.contactBadEmailText),
    contactKnownText: textWithTranslations(DEFAULT_TEXTS.contactKnownText),
    contactOnFileText: textWithTranslations(DEFAULT_TEXTS.contactOnFileText),
    /** Before handing over, answer from the site's published articles (when the backend has them). */
    articleAnswers: z.boolean().default(true),
    articleIntroText: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleIntroText),
    articleLinkText: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleLinkText),
    articleQuestionText: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleQuestionText),
    articleHelpedButton: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleHelpedButton),
    articlePersonButton: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articlePersonButton),
    articleThanksText: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleThanksText),
    /** Asked once when no article answers; the next miss hands over. */
    articleRephraseText: textWithTranslations(DEFAULT_ARTICLE_TEXTS.articleRephraseText),
    /** Answers written by the operator's language model from the articles (model-answers.ts). */
    modelAnswers: ModelAnswers.default(DEFAULT_MODEL_ANSWERS),
  })
  .superRefine((settings, ctx) => {
    const names = new Map<string, number>()
    settings.rules.forEach((rule, index) => {
      const first = names.get(rule.name)
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'name'],
          message: `repeats the name of rules[${first}]; rule names must be unique`,
        })
      } else names.set(rule.name, index)
    })
    const targeted = new Set<string>()
    settings.rules.forEach((rule, index) => {
      if (rule.reply.type !== 'BUTTONS') return
      rule.reply.buttons.forEach((button, at) => {
        if (button.id === undefined) return
        targeted.add(button.id)
        if (button.id !== HANDOVER_BUTTON_ID && !names.has(button.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rules', index, 'reply', 'buttons', at, 'id'],
            message: `"${button.id}" names no rule: use a rule's name or "${HANDOVER_BUTTON_ID}"`,
          })
        }
      })
    })
    settings.rules.forEach((rule, index) => {
      if (rule.keywords.length + rule.patterns.length === 0 && !targeted.has(rule.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'keywords'],
          message:
            'the rule can never match: give keywords or patterns, or point a button id at it',
        })
      }
    })
  })
export type BotSettings = z.infer<typeof BotSettings>
