/**
 * The texts of the pages an e-mail's links open (unsubscribe, confirm the address) in one
 * language; the buttons' labels are the e-mails' own (`unsubscribe`, the confirmation's
 * `button`).
 */
export type LinkPageTexts = {
  unsubscribeAsk: string
  /** The page's title once unsubscribed. */
  unsubscribed: string
  unsubscribedText: string
  unsubscribeInvalid: string
  confirmTitle: string
  confirmAsk: string
  /** The page's title once confirmed. */
  confirmed: string
  confirmedText: string
  confirmInvalid: string
  confirmChanged: string
}
