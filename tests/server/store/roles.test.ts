import { describe, expectTypeOf, it } from 'vitest'
import type { BotStore } from '../../../server/bot/store'
import type {
  Claims,
  Consents,
  ConversationLog,
  Indexes,
  Maintenance,
  Records,
  Store,
  VisitorEvents,
} from '../../../server/store/types'

// Checked by the typechecker (npm run typecheck): a module typed with a role sees
// only that role's methods.
describe('store roles', () => {
  it('are each a part of Store, and Store is all of them', () => {
    expectTypeOf<Store>().toExtend<ConversationLog>()
    expectTypeOf<Store>().toExtend<VisitorEvents>()
    expectTypeOf<Store>().toExtend<Claims>()
    expectTypeOf<Store>().toExtend<Records>()
    expectTypeOf<Store>().toExtend<Indexes>()
    expectTypeOf<Store>().toExtend<Maintenance>()
    expectTypeOf<Store>().toExtend<Consents>()
    expectTypeOf<BotStore>().toEqualTypeOf<Claims & Records>()
  })

  it('keep one role from calling another role’s methods', () => {
    expectTypeOf<Claims>().not.toHaveProperty('getRecord')
    expectTypeOf<Records>().not.toHaveProperty('claim')
    expectTypeOf<Records>().not.toHaveProperty('indexAdd')
    expectTypeOf<ConversationLog>().not.toHaveProperty('publish')
    expectTypeOf<VisitorEvents>().not.toHaveProperty('append')
    expectTypeOf<Consents>().not.toHaveProperty('getRecord')
    expectTypeOf<BotStore>().not.toHaveProperty('close')
    expectTypeOf<BotStore>().not.toHaveProperty('append')
    const onlyClaims = (claims: Claims) => {
      // @ts-expect-error: a Claims consumer cannot read records
      void claims.getRecord
      // @ts-expect-error: nor close the store
      void claims.close
    }
    void onlyClaims
  })

  it('type getRecord by its schema, not by the caller', () => {
    expectTypeOf<Records['getRecord']>().parameters.toHaveProperty('1')
    const read = async (records: Records) => {
      const { z } = await import('zod')
      const value = await records.getRecord('k', z.object({ n: z.number() }))
      expectTypeOf(value).toEqualTypeOf<{ n: number } | undefined>()
      // @ts-expect-error: no more getRecord<T>(key) casts
      await records.getRecord<{ n: number }>('k')
    }
    void read
  })
})
