import { PortholeError } from '../errors'

/** Another save held the settings for too long (a stuck instance): try again. */
export class SettingsBusyError extends PortholeError<'settings_busy'> {
  override name = 'SettingsBusyError' as const

  constructor() {
    super('settings_busy', 'Another save of the settings is under way: try again in a moment.')
  }
}

export function isSettingsBusyError(error: unknown): error is SettingsBusyError {
  return error instanceof SettingsBusyError
}
