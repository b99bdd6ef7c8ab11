import type { Language } from '../../shared/widget-api'
import type { Translation } from './translation'

const kept = new Map<string, Translation>()

/**
 * Keeps the language file the loader fetched before engagement (WidgetContext.words): the
 * chat reads its strings from it and fetches none itself, so the chat chunk carries no list
 * of the language files. Each file is data (languages/<lang>.json) that the build makes a
 * module whose default is its Translation (translation-module.ts); widget/vite.config.ts
 * names it after the chat (chat-<hash>.js<lang>.js) for the loader to find.
 */
export function keepTranslation(lang: Language, translation: Translation | undefined): void {
  if (translation && lang !== 'en') kept.set(lang, translation)
}

/** The strings keepTranslation kept (the chat keeps them before it renders); English: undefined. */
export const translated = (lang: Language): Translation | undefined => kept.get(lang)
