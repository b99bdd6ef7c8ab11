import { useLayoutEffect, useRef } from 'preact/hooks'
import type { ConsentTerms } from './consent-terms'
import type { PrivacyStrings } from './privacy-strings'

interface Props {
  terms: ConsentTerms
  strings: PrivacyStrings
  onAgree: () => void
  onDecline: () => void
}

/** The consent step, in place of the conversation until the visitor agrees. */
export function ConsentStep({ terms, strings, onAgree, onDecline }: Props) {
  const agree = useRef<HTMLButtonElement>(null)
  // The window opens on the question: Enter agrees, Tab reaches the policy and No thanks.
  useLayoutEffect(() => agree.current?.focus(), [])
  return (
    <div class="ph-consent">
      <h2>{strings.consentTitle}</h2>
      {/* Text, never markup: the site's words as written (line breaks kept by the styles). */}
      <p id="ph-consent-text">{terms.text ?? strings.consent}</p>
      {terms.policyUrl && (
        <a href={terms.policyUrl} target="_blank" rel="noopener noreferrer">
          {strings.policy}
        </a>
      )}
      <div class="ph-consent-actions">
        <button
          ref={agree}
          type="button"
          class="ph-consent-agree"
          aria-describedby="ph-consent-text"
          onClick={onAgree}
        >
          {strings.agree}
        </button>
        <button type="button" class="ph-consent-decline" onClick={onDecline}>
          {strings.decline}
        </button>
      </div>
    </div>
  )
}
