import { isRecord, isString } from '../../protocol/read'

/** The consent step as the public config carries it (settings privacy.*). */
export interface ConsentTerms {
  /** The text's version: what the visitor's agreement is stored and recorded with. */
  version: string
  /** The site's text in the visitor's language; absent: the widget's own. */
  text?: string
  policyUrl?: string
}

const VERSION = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The config's `consent` (the loader checked only that it is an object). A consent the
 * widget cannot read still asks, with the widget's own text and no version to record.
 */
export function readConsentTerms(value: unknown): ConsentTerms {
  const terms = isRecord(value) ? value : {}
  return {
    version: isString(terms.version) && VERSION.test(terms.version) ? terms.version : '',
    ...(isString(terms.text) && terms.text.trim() ? { text: terms.text } : {}),
    ...(isString(terms.policyUrl) && /^https:\/\//i.test(terms.policyUrl)
      ? { policyUrl: terms.policyUrl }
      : {}),
  }
}

/** What the browser keeps of an agreement (storage key `consent`). */
export interface StoredConsent {
  version: string
  at: number
  /** The backend has it (POST /api/visitor/consent answered 2xx). */
  recorded?: true
}

/** The stored agreement, if it is one to these terms. */
export function agreedTo(stored: unknown, terms: ConsentTerms): StoredConsent | undefined {
  if (!isRecord(stored) || terms.version === '' || stored.version !== terms.version) return
  const at = typeof stored.at === 'number' ? stored.at : 0
  return { version: terms.version, at, ...(stored.recorded === true ? { recorded: true } : {}) }
}
