import type { Emitter } from '../state/emitter'
import type { Observable } from '../state/observable'
import type { UiState } from './context'

/** Emits the public open/close/status/unread events when the shared UI state changes. */
export function trackUiEvents(ui: Observable<UiState>, emitter: Emitter): () => void {
  let previous = ui.get()
  return ui.subscribe((state) => {
    const before = previous
    previous = state
    if (state.open !== before.open) emitter.emit(state.open ? 'open' : 'close')
    if (state.online !== undefined && state.online !== before.online)
      emitter.emit('status', { online: state.online })
    if (state.unread !== before.unread) emitter.emit('unread', { count: state.unread })
  })
}
