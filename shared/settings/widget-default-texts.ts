// The widget's own English of the texts a site owner may replace in the settings, so the
// settings' projection can tell a kept default from the owner's words (the widget carries
// the translations: widget/i18n). tests/shared/settings/widget-default-texts.test.ts
// holds them equal to the widget's.

/** The offline form's text when `offlineText` is not set. */
export const WIDGET_OFFLINE_TEXT = {
  en: 'We are away right now. Leave a message and your contact details and we will get back to you.',
} as const
