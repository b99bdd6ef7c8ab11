/** The "confirm your address" e-mail's fixed texts in one language ({site} is filled in). */
export type ConfirmTexts = {
  subject: string
  /** Why it came: an agent's reply waits (no word of it is in the e-mail). */
  reply: string
  /** Why it came: the visitor asked for the transcript. */
  transcript: string
  button: string
  /** For whoever never asked: nothing more comes unless they click. */
  ignore: string
}
