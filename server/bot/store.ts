import type { Store } from '../store/types'

/** The part of Porthole's Store the bot uses: idempotency keys and small JSON records. */
export type BotStore = Pick<Store, 'claim' | 'release' | 'getRecord' | 'setRecord' | 'deleteRecord'>
