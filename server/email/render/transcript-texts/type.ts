/** The transcript e-mail's fixed texts in one language ({site} is filled in). */
export type TranscriptTexts = {
  subject: string
  intro: string
  you: string
  agent: string
  bot: string
  empty: string
  footer: string
}
