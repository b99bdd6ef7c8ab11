import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Observable } from '../../state/observable'
import { MuteButton } from '../components/MuteButton'
import type { PrivacyStrings } from './privacy-strings'

interface Props {
  strings: PrivacyStrings
  /** Downloads the conversation's files; rejects when it cannot. */
  onDownload: () => Promise<void>
  /** Erases the visitor everywhere and in this browser; rejects when the backend could not. */
  onErase: () => Promise<void>
  onBack: () => void
  /** The reply sound's toggle (the header leaves it to the menu), where the site plays one. */
  sound?: {
    mute: Observable<{ muted: boolean }>
    setMuted: (muted: boolean) => void
    label: string
  }
}

type Step = 'menu' | 'confirm' | 'erased'

/** The window's menu: the reply sound, and the visitor's data (Download, Delete my conversation). */
export function VisitorMenu({ strings, onDownload, onErase, onBack, sound }: Props) {
  const [step, setStep] = useState<Step>('menu')
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const first = useRef<HTMLButtonElement>(null)
  const done = useRef<HTMLParagraphElement>(null)
  // Each step opens on its first button (the last, on what was done): the keyboard's
  // place is never lost, so Escape still closes the window.
  useLayoutEffect(() => (first.current ?? done.current)?.focus(), [step])
  const run = (work: () => Promise<void>, next?: Step) => {
    setBusy(true)
    setStatus('')
    work().then(
      () => {
        setBusy(false)
        if (next) setStep(next)
      },
      (error: { code?: string }) => {
        setBusy(false)
        setStatus(error?.code === 'no_conversation' ? strings.nothing : strings.failed)
      },
    )
  }
  return (
    <div class="ph-menu">
      <h2>{step === 'confirm' ? strings.erase : strings.title}</h2>
      {step === 'menu' && (
        <>
          <button ref={first} type="button" disabled={busy} onClick={() => run(onDownload)}>
            {strings.download}
          </button>
          <button type="button" disabled={busy} onClick={() => setStep('confirm')}>
            {strings.erase}
          </button>
          {sound && (
            <MuteButton mute={sound.mute} label={sound.label} onToggle={sound.setMuted} text />
          )}
          <button type="button" onClick={onBack}>
            {strings.back}
          </button>
        </>
      )}
      {step === 'confirm' && (
        <>
          <p>{strings.confirm}</p>
          <button
            ref={first}
            type="button"
            class="ph-menu-danger"
            disabled={busy}
            onClick={() => run(onErase, 'erased')}
          >
            {strings.confirmErase}
          </button>
          <button type="button" disabled={busy} onClick={() => setStep('menu')}>
            {strings.cancel}
          </button>
        </>
      )}
      <p role="status" ref={done} tabIndex={step === 'erased' ? -1 : undefined}>
        {step === 'erased' ? strings.erased : status}
      </p>
    </div>
  )
}
