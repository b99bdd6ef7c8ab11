/**
 * The Help view's and the suggestions' texts. English is built into the help chunk;
 * every other language's come with that language's file (widget/i18n/languages/, `help`),
 * which its visitors have already fetched. The Help button's label is the chat's (`help`).
 */
export interface HelpStrings {
  search: string
  featured: string
  results: string
  /** How many articles the search found (read out by screen readers). */
  count: (count: number) => string
  none: string
  loading: string
  failed: string
  retry: string
  back: string
  toChat: string
  question: string
  yes: string
  talk: string
  thanks: string
  /** The article's own page, in a new tab. */
  openPage: string
  /** The suggestions above the message box. */
  suggested: string
  dismiss: string
}

export const EN_HELP_STRINGS: HelpStrings = {
  search: 'Search articles',
  featured: 'Popular articles',
  results: 'Results',
  count: (count) => `${count} ${count === 1 ? 'article' : 'articles'} found`,
  none: 'No article matches. Try other words, or talk to a person.',
  loading: 'Loading…',
  failed: 'Could not load.',
  retry: 'Try again',
  back: 'Back',
  toChat: 'Back to the conversation',
  question: 'Did this answer your question?',
  yes: 'Yes',
  talk: 'Talk to a person',
  thanks: 'Thank you! Glad it helped.',
  openPage: 'Open in a new tab',
  suggested: 'Articles that may answer this',
  dismiss: 'Hide suggestions',
}
