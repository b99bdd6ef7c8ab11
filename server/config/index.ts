export type { BotConfig, Channel, Config, RateLimits } from './config'
export { ConfigError, isConfigError } from './errors'
export { type Env, loadConfig } from './load-config'
