import type en from './languages/en.json'

/**
 * The texts that take arguments, by path in a language file, with their arguments' types:
 * translation-module.ts's FUNCTIONS names the arguments (and, for a pair of texts, when the
 * first shows) for each, and the build makes each such text this function.
 */
export interface TranslationFunctions {
  'loader.unread': (count: number) => string
  /** `max`: the limit shown; `parts`: the messages the backend will make of the text. */
  'chat.counter': (length: number, max: number, parts: number) => string
  'chat.typing': (name?: string) => string
  'chat.newMessageTitle': (count: number) => string
  'attach.remove': (name: string) => string
  'attach.cancel': (name: string) => string
  'attach.uploading': (name: string) => string
  /** `size`: the file's, `limit`: the site's ("12 MB", "10 MB"). */
  'attach.tooLarge': (size: string, limit: string) => string
  /** Once under the files refused for their type; `types`: "PNG, JPEG, PDF". */
  'attach.accepted': (types: string) => string
  /** "Anna joined the conversation"; without a name, an agent whose name is not known. */
  'answering.joined': (name?: string) => string
  /** "Back at 9:00" / "Back Monday at 9:00" (widget/chat/answering/back-at.ts). */
  'answering.back': (time: string, day?: string) => string
  /** A star rating's label, "4 of 5". */
  'ended.stars': (n: number) => string
  /** Where the transcript went. */
  'ended.sent': (to: string) => string
  /** The address must be confirmed first: a link went to it. */
  'ended.confirmSent': (to: string) => string
  /** How many articles the search found (read out by screen readers). */
  'help.count': (count: number) => string
}

/** A language file's texts as the widget reads them: functions where TranslationFunctions says. */
type Texts<T, At extends string = ''> = {
  [K in keyof T & string]: `${At}${K}` extends keyof TranslationFunctions
    ? TranslationFunctions[`${At}${K}`]
    : T[K] extends string
      ? string
      : T[K] extends readonly string[]
        ? string[]
        : Texts<T[K], `${At}${K}.`>
}

/**
 * Every string of the widget in one language, typed by English (languages/en.json): a key
 * en.json lacks does not compile where the widget reads it. One file per language in
 * widget/i18n/languages/; each but English is built into a chunk of its own
 * (widget/vite.config.ts) that only that language's visitors fetch, and imports nothing, so
 * the loader can fetch one before engagement without pulling in the chat. English is built
 * into the chunks that read it (EN in english.ts). What the sections hold: `home` the home
 * screen, `answering` who is answering (the joined line, senders for screen readers, the reply
 * time, when the team is back), `ended` the end-of-chat panel, `help` the Help view and the
 * suggestions, `privacy` the consent step and the window's menu, `voice` the voice message's
 * title, `masked` the note after a message whose card number, IBAN or own pattern was hidden,
 * `emoji` the picker's tabs in the order of EMOJI_SETS, `preChat` the pre-chat form's own words.
 */
export type Translation = Texts<typeof en>

/** The chat window's strings: a language file's `chat`, and the clock (the same in every language). */
export type ChatStrings = Translation['chat'] & { duration: (seconds: number) => string }

/** The resume link's notes and its prompt (widget/chat/engine/resume.ts, ResumePrompt.tsx). */
export type ResumeNotes = Translation['resume']
