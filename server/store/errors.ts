import { PortholeError } from '../errors'

export const STORE_ERROR_CODES = ['store_failed', 'store_closed', 'visitor_erased'] as const
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number]

/** A store operation failed (unreachable, closed, corrupt data). */
export class StoreError extends PortholeError<StoreErrorCode> {
  override name = 'StoreError' as const

  constructor(message: string, options?: ErrorOptions & { code?: StoreErrorCode }) {
    super(options?.code ?? 'store_failed', message, options)
  }
}

/** A read given an id its store never writes (callers check isValidId() first). */
export const notAnEntryId = (method: string, id: string) =>
  new StoreError(`${method}: "${id}" is not an entry id; check isValidId() first`)

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError
}

/** Thrown by every operation of a store after close(). */
export function closedStoreError(kind: string): StoreError {
  return new StoreError(`the ${kind} store is closed: create a new one with createStore()`, {
    code: 'store_closed',
  })
}

/** An append with refuseErased to a visitor erased on request (and not back since). */
export const visitorErasedError = (visitorId: string) =>
  new StoreError(`append: visitor "${visitorId}" was erased on request; nothing new is stored`, {
    code: 'visitor_erased',
  })

/** Whether an append was refused because its visitor was erased (refuseErased). */
export const isVisitorErased = (error: unknown): error is StoreError =>
  isStoreError(error) && error.code === 'visitor_erased'
