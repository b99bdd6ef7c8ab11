import type { Claims, Records } from '../store/types'

/** The roles of Porthole's Store the bot uses: claims (dedupe, chat locks) and small JSON records. */
export type BotStore = Claims & Records
