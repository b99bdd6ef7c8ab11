import { observable } from '../../state/observable'
import type { KeyValueStore } from '../../storage/key-value-store'
import { saveMuted } from './muted'

/**
 * Draws attention to new replies: the hidden tab's title shows the count, and an
 * optional sound plays in one tab only (the holder of a Web Lock, so several open
 * tabs never chime together) unless the visitor muted it. Muting is kept in the
 * widget's storage (written only when the visitor toggles it), which every tab reads
 * before it chimes and when it is shown again.
 *
 * A chunk of its own: the chat fetches it once it has rendered (controller.ts), so the
 * first open does not wait for it; replies that arrive before it are told to it then.
 */
export function createAttention(
  lockName: string,
  titleFor: (count: number) => string,
  storage: KeyValueStore,
  /** The muted state the header's button shows (the chat's own, made before this chunk loads). */
  mute = observable({ muted: false }),
) {
  const readMuted = (): Promise<boolean> =>
    storage.get('muted').then(
      (stored) => {
        mute.set({ muted: stored === true })
        return stored === true
      },
      () => mute.get().muted,
    )
  void readMuted()
  let originalTitle: string | undefined
  let hiddenCount = 0
  let leader = false
  let audio: AudioContext | undefined
  const release = new AbortController()

  const locks = (navigator as { locks?: LockManager }).locks
  if (locks) {
    locks
      .request(lockName, { signal: release.signal }, () => {
        leader = true
        // Held until the tab closes or the widget unmounts; then the next tab takes over.
        return new Promise<void>((resolve) =>
          release.signal.addEventListener('abort', () => resolve()),
        )
      })
      .catch(() => {})
  }

  function restoreTitle(): void {
    if (document.hidden) return
    // Muted or not in another tab meanwhile: the button shows it.
    void readMuted()
    if (originalTitle === undefined) return
    document.title = originalTitle
    originalTitle = undefined
    hiddenCount = 0
  }
  document.addEventListener('visibilitychange', restoreTitle)

  function chime(): void {
    try {
      audio ??= new AudioContext()
      const start = audio.currentTime
      const gain = audio.createGain()
      gain.connect(audio.destination)
      gain.gain.setValueAtTime(0.0001, start)
      gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35)
      for (const [frequency, at] of [
        [880, 0],
        [1320, 0.12],
      ] as const) {
        const tone = audio.createOscillator()
        tone.frequency.value = frequency
        tone.connect(gain)
        tone.start(start + at)
        tone.stop(start + at + 0.22)
      }
    } catch {
      // Browsers refuse audio before the visitor has interacted with the page; the
      // badge and the title still show the reply.
    }
  }

  return {
    /** New replies arrived (one chime for them all). */
    notify(sound: boolean, count = 1): void {
      if (document.hidden) {
        originalTitle ??= document.title
        hiddenCount += count
        document.title = `${titleFor(hiddenCount)} · ${originalTitle}`
      }
      // Without the Web Locks API, only a visible tab chimes.
      if (sound && (locks ? leader : !document.hidden))
        void readMuted().then((muted) => muted || chime())
    },
    /** The visitor's choice, shown by the header's sound button. */
    mute,
    setMuted: (muted: boolean): void => saveMuted(storage, mute, muted),
    destroy(): void {
      document.removeEventListener('visibilitychange', restoreTitle)
      release.abort()
      void audio?.close()
      if (originalTitle !== undefined) document.title = originalTitle
    },
  }
}
