export {
  loadSettings,
  parseSettings,
  type Settings,
  SettingsFile,
} from '../../shared/settings/settings-file'
export type { BotConfig, Channel, Config, RateLimits } from './config'
export { ConfigError, isConfigError } from './errors'
export { type Env, loadConfig } from './load-config'
