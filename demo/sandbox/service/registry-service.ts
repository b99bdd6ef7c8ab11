import type { ChannelView, SandboxEvents } from './events'
import type { AgentInput, AgentPatch, BotProviderInput, ChannelInput, ChannelPatch } from './inputs'
import type { Agent, BotProvider, Channel } from './model'
import { createRegistry, type Registry } from './registry'
import type { SandboxState } from './state'

/**
 * The account-settings half of the service: channels, agents and bot providers, with
 * every change announced to the console and persisted.
 */
export class RegistryService {
  readonly registry: Registry
  #publicUrl: string
  readonly #events: SandboxEvents
  readonly #onChange: (() => void) | undefined

  constructor(
    publicUrl: string,
    events: SandboxEvents,
    state?: SandboxState,
    onChange?: () => void,
  ) {
    this.#publicUrl = publicUrl
    this.#events = events
    this.#onChange = onChange
    this.registry = createRegistry(() => this.#publicUrl, state)
  }

  /** Base of channel endpoints and of the bot interface ({bot_base_url}). */
  get publicUrl(): string {
    return this.#publicUrl
  }

  set publicUrl(url: string) {
    this.#publicUrl = url
    this.#channelsChanged()
  }

  listChannels(): ChannelView[] {
    return [...this.registry.channels.values()].map((channel) => this.registry.view(channel))
  }

  getChannel(id: string): ChannelView {
    return this.registry.view(this.registry.channel(id))
  }

  /** "Manage -> Add Channels -> Chat API": returns the channel with its endpoint. */
  createChannel(input: ChannelInput): ChannelView {
    const channel = this.registry.addChannel(input)
    this.#agentsChanged()
    this.#channelsChanged()
    return this.registry.view(channel)
  }

  updateChannel(id: string, patch: ChannelPatch): ChannelView {
    const channel = this.registry.updateChannel(id, patch)
    this.#agentsChanged()
    this.#channelsChanged()
    return this.registry.view(channel)
  }

  /** The channel of an endpoint path; undefined for an unknown id or a wrong random string. */
  channelAt(randomString: string, channelId: string): Channel | undefined {
    return this.registry.channelAt(randomString, channelId)
  }

  /** A1's answer: 1 when an assigned agent is online and the chat is on the site. */
  channelStatus(channel: Channel): 0 | 1 {
    return this.registry.isAvailable(channel) ? 1 : 0
  }

  listAgents(): Agent[] {
    return [...this.registry.agents.values()]
  }

  addAgent(input: AgentInput): Agent {
    const agent = this.registry.addAgent(input)
    this.#agentsChanged()
    return agent
  }

  updateAgent(id: string, patch: AgentPatch): Agent {
    const agent = this.registry.updateAgent(id, patch)
    this.#agentsChanged()
    return agent
  }

  setAgentOnline(id: string, online: boolean): Agent {
    return this.updateAgent(id, { online })
  }

  listBotProviders(): BotProvider[] {
    return [...this.registry.botProviders.values()]
  }

  /** Registers a provider (or replaces the one with the same providerId). */
  registerBotProvider(input: BotProviderInput): BotProvider {
    const provider = this.registry.putBotProvider(input)
    this.#events.emit({ type: 'bot-providers', botProviders: this.listBotProviders() })
    this.#onChange?.()
    return provider
  }

  #agentsChanged(): void {
    this.#events.emit({ type: 'agents', agents: this.listAgents() })
    this.#onChange?.()
  }

  #channelsChanged(): void {
    this.#events.emit({ type: 'channels', channels: this.listChannels() })
    this.#onChange?.()
  }
}
