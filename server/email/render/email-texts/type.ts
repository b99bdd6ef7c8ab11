/** The e-mail's fixed texts in one language ({site}, {count}… are filled in). */
export type EmailTexts = {
  subjectOne: string
  subjectMany: string
  intro: string
  agent: string
  attachment: string
  location: string
  continueLabel: string
  replyHint: string
  why: string
  unsubscribe: string
}
