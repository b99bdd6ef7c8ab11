import { useMemo } from 'preact/hooks'
import { translated } from '../i18n/translations'
import type { WidgetContext } from '../loader/context'
import { helpClient } from './help-client'
import { EN_HELP_STRINGS } from './help-strings'

export type HelpContext = Pick<WidgetContext, 'base' | 'fetch' | 'storage' | 'settings'>

/**
 * The help routes' client in the visitor's language, sending the visitor's stored
 * credential with the events when there is one, and the help texts in that language.
 */
export function useHelp({ base, fetch, storage, settings }: HelpContext) {
  const client = useMemo(
    () =>
      helpClient(base, fetch, settings.lang, () =>
        storage.get('session').then((session) => (session as { token?: string })?.token),
      ),
    [base],
  )
  return { client, t: translated(settings.lang)?.help ?? EN_HELP_STRINGS }
}
