// Counting the e-mail row: which visitor got which replies in which e-mail.
//
// Every agent reply of the row carries a token naming its visitor, its burst and its
// place in the burst (`dm0007b2r1`: visitor 7, burst 2, reply 1). An e-mail covers the
// replies whose tokens its text holds. The row expects, for each visitor, one e-mail per
// burst covering exactly that burst's replies.

/** One burst of agent replies to one visitor, all unread: one e-mail is expected for it. */
export type EmailBurst = {
  /** The visitor's e-mail address (the envelope recipient the e-mail must go to). */
  to: string
  /** The tokens of the burst's replies. */
  replies: string[]
}

/** One e-mail as the SMTP server took it (every arrival, repeats included). */
export type ReceivedEmail = {
  /** The envelope recipient. */
  to: string
  /** The Message-ID header, as sent. */
  messageId: string
  /** The decoded text (plain and HTML parts). */
  text: string
  /** When the server took it (ms). */
  at: number
}

export type EmailTally = {
  /** Bursts: the e-mails expected. */
  sent: number
  /** Bursts whose every reply arrived in an e-mail to its visitor. */
  delivered: number
  /** Bursts with a reply that no e-mail to its visitor carried (unread and never e-mailed). */
  lost: number
  /** E-mails under a new Message-ID carrying a reply an earlier e-mail already carried: a defect. */
  duplicated: number
  /** Arrivals repeating a Message-ID already taken: the documented at-least-once resend after a crash. */
  resent: number
  /** Bursts spread over more than one e-mail (each reply once, but not one e-mail per burst). */
  split: number
  /** E-mails (distinct Message-IDs) carrying none of the row's replies to that address. */
  unexpected: number
  /** Distinct Message-IDs taken. */
  distinctEmails: number
  /** Visitors whose e-mails were exactly one per burst, each once (resends aside). */
  exactVisitors: number
  visitors: number
  /** When the last e-mail needed (the first arrival of each Message-ID carrying a reply) arrived. */
  lastNeededAt: number | undefined
  /** Up to 5 lost replies, for the report. */
  lostExamples: string[]
}

/** A reply's token: visitor, burst and reply numbers, unique within the row. */
export function replyToken(visitor: number, burst: number, reply: number): string {
  return `dm${String(visitor).padStart(4, '0')}b${burst}r${reply}`
}

/** The reply tokens a text holds, each once, in order of appearance. */
export function tokensIn(text: string): string[] {
  return [...new Set(text.match(/\bdm\d{4}b\d+r\d+\b/g) ?? [])]
}

/** Counts `received` (every arrival, in arrival order) against the expected `bursts`. */
export function tallyEmails(
  bursts: readonly EmailBurst[],
  received: readonly ReceivedEmail[],
): EmailTally {
  const address = (to: string) => to.trim().toLowerCase()
  // The first arrival of each Message-ID; later arrivals of it are resends.
  const firsts = new Map<string, ReceivedEmail>()
  let resent = 0
  for (const mail of received) {
    if (firsts.has(mail.messageId)) resent += 1
    else firsts.set(mail.messageId, mail)
  }
  const expectedTo = new Map<string, string>()
  for (const burst of bursts)
    for (const token of burst.replies) expectedTo.set(token, address(burst.to))

  /** token → the Message-IDs (to the right address) carrying it, in arrival order. */
  const carriers = new Map<string, string[]>()
  let duplicated = 0
  let unexpected = 0
  let lastNeededAt: number | undefined
  const perAddress = new Map<string, number>()
  for (const mail of [...firsts.values()].sort((a, b) => a.at - b.at)) {
    const to = address(mail.to)
    perAddress.set(to, (perAddress.get(to) ?? 0) + 1)
    const mine = tokensIn(mail.text).filter((token) => expectedTo.get(token) === to)
    if (mine.length === 0) {
      unexpected += 1
      continue
    }
    if (mine.some((token) => (carriers.get(token)?.length ?? 0) > 0)) duplicated += 1
    if (mine.some((token) => (carriers.get(token)?.length ?? 0) === 0))
      lastNeededAt = Math.max(lastNeededAt ?? mail.at, mail.at)
    for (const token of mine) carriers.set(token, [...(carriers.get(token) ?? []), mail.messageId])
  }

  let delivered = 0
  let lost = 0
  let split = 0
  const lostExamples: string[] = []
  const visitorsOk = new Map<string, boolean>()
  const burstsOf = new Map<string, number>()
  for (const burst of bursts) {
    const to = address(burst.to)
    burstsOf.set(to, (burstsOf.get(to) ?? 0) + 1)
    const missing = burst.replies.filter((token) => !carriers.has(token))
    const ids = new Set(burst.replies.flatMap((token) => carriers.get(token) ?? []))
    const once = burst.replies.every((token) => carriers.get(token)?.length === 1)
    if (missing.length > 0) {
      lost += 1
      if (lostExamples.length < 5) lostExamples.push(...missing.slice(0, 5 - lostExamples.length))
    } else delivered += 1
    if (missing.length === 0 && ids.size > 1) split += 1
    const ok = missing.length === 0 && ids.size === 1 && once
    visitorsOk.set(to, (visitorsOk.get(to) ?? true) && ok)
  }
  let exactVisitors = 0
  for (const [to, ok] of visitorsOk)
    if (ok && (perAddress.get(to) ?? 0) === burstsOf.get(to)) exactVisitors += 1

  return {
    sent: bursts.length,
    delivered,
    lost,
    duplicated,
    resent,
    split,
    unexpected,
    distinctEmails: firsts.size,
    exactVisitors,
    visitors: visitorsOk.size,
    lastNeededAt,
    lostExamples,
  }
}
