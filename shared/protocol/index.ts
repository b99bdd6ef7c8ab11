export * from './bot'
export * from './chat-channel'
export * from './errors'
