/**
 * The end-of-chat panel's texts. English is built into the panel's chunk; every other
 * language's come with that language's file (widget/i18n/languages/<lang>.ts, `ended`),
 * which its visitors have already fetched, so the panel's chunk stays one language big.
 */
export interface EndedStrings {
  rate: string
  good: string
  bad: string
  /** A star rating's label, "4 of 5". */
  stars: (n: number) => string
  comment: string
  /** The comment's button (the rating itself is stored at the tap). */
  send: string
  rated: string
  transcript: string
  email: string
  badEmail: string
  sendTranscript: string
  /** Where the transcript went. */
  sent: (to: string) => string
  /** The address must be confirmed first: a link went to it. */
  confirmSent: (to: string) => string
  failed: string
}

export const EN_ENDED_STRINGS: EndedStrings = {
  rate: 'How was this conversation?',
  good: 'Good',
  bad: 'Bad',
  stars: (n) => `${n} of 5`,
  comment: 'Comment (optional)',
  send: 'Send comment',
  rated: 'Thank you for your rating',
  transcript: 'E-mail me the transcript',
  email: 'Your e-mail',
  badEmail: 'Enter an e-mail address like name@example.com',
  sendTranscript: 'Send transcript',
  sent: (to) => `The transcript is on its way to ${to}`,
  confirmSent: (to) => `We sent a link to ${to}: confirm it and the transcript follows`,
  failed: 'Could not send. Try again.',
}
