import { timingSafeEqual } from 'node:crypto'
import { SandboxError } from './errors'
import type { ChannelView } from './events'
import { agentIdFor, newChannelId, newRandomString } from './ids'
import { AgentInput, AgentPatch, BotProviderInput, ChannelInput, ChannelPatch } from './inputs'
import type { Agent, BotProvider, Channel } from './model'

/** The service's account settings: channels, agents and bot providers. */
export type RegistryState = { channels: Channel[]; agents: Agent[]; botProviders: BotProvider[] }

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

/** The channels, agents and bot providers; an update replaces the object, never edits it. */
export interface Registry {
  readonly channels: ReadonlyMap<string, Channel>
  readonly agents: ReadonlyMap<string, Agent>
  readonly botProviders: ReadonlyMap<string, BotProvider>
  snapshot(): RegistryState
  /** The channel with its endpoint (on the public URL) and the URL its deliveries go to. */
  view(channel: Channel): ChannelView
  /** The channel of an endpoint path, or undefined for an unknown id or a wrong random string. */
  channelAt(randomString: string, channelId: string): Channel | undefined
  channel(id: string): Channel
  agent(id: string): Agent
  addAgent(input: AgentInput): Agent
  /** Finds an agent by id or name, creating one by that name when there is none. */
  ensureAgent(nameOrId: string): Agent
  updateAgent(id: string, patch: AgentPatch): Agent
  addChannel(input: ChannelInput): Channel
  updateChannel(id: string, patch: ChannelPatch): Channel
  /** Registers a provider, or updates the one with this provider id. */
  putBotProvider(input: BotProviderInput): BotProvider
  /** The provider when the token matches; 'unknown' or 'wrong-token' otherwise. */
  checkBotToken(providerId: string, token: string): BotProvider | 'unknown' | 'wrong-token'
  /** A1: 1 when the channel is on the site and at least one assigned agent is online. */
  isAvailable(channel: Channel): boolean
}

export function createRegistry(publicUrl: () => string, state?: RegistryState): Registry {
  const channels = new Map((state?.channels ?? []).map((channel) => [channel.id, channel]))
  const agents = new Map((state?.agents ?? []).map((agent) => [agent.id, agent]))
  const botProviders = new Map(
    (state?.botProviders ?? []).map((provider) => [provider.providerId, provider]),
  )

  const channel = (id: string): Channel => {
    const found = channels.get(id)
    if (!found)
      throw new SandboxError(
        'not_found',
        `No channel ${id}: list them at GET /console/api/channels`,
      )
    return found
  }

  const agent = (id: string): Agent => {
    const found = agents.get(id)
    if (!found)
      throw new SandboxError('not_found', `No agent ${id}: list them at GET /console/api/agents`)
    return found
  }

  const addAgent = (input: AgentInput): Agent => {
    const { name, online, photo } = AgentInput.parse(input)
    const added: Agent = {
      id: agentIdFor(name, (id) => agents.has(id)),
      name,
      online: online ?? false,
      ...(photo ? { photo } : {}),
    }
    agents.set(added.id, added)
    return added
  }

  const ensureAgent = (nameOrId: string): Agent => {
    const byId = agents.get(nameOrId)
    if (byId) return byId
    const byName = [...agents.values()].find((candidate) => candidate.name === nameOrId)
    return byName ?? addAgent({ name: nameOrId })
  }

  const requireProvider = (providerId: string): void => {
    if (!botProviders.has(providerId)) {
      throw new SandboxError(
        'invalid_request',
        `botProviderId: no bot provider ${providerId}; register it first (POST /console/api/bot-providers)`,
      )
    }
  }

  return {
    channels,
    agents,
    botProviders,
    snapshot: () => ({
      channels: [...channels.values()],
      agents: [...agents.values()],
      botProviders: [...botProviders.values()],
    }),
    view: (shown) => ({
      ...shown,
      endpoint: `${trimSlash(publicUrl())}/${shown.randomString}/${shown.id}`,
      deliveryUrl: `${trimSlash(shown.webhookUrl)}/${shown.id}`,
    }),
    channelAt(randomString, channelId) {
      const found = channels.get(channelId)
      return found && sameSecret(randomString, found.randomString) ? found : undefined
    },
    channel,
    agent,
    addAgent,
    ensureAgent,
    updateAgent(id, patch) {
      const { photo: _photo, ...current } = agent(id)
      const { name, online, photo } = AgentPatch.parse(patch)
      const kept = photo === null ? undefined : (photo ?? _photo)
      const updated: Agent = {
        ...current,
        ...(name !== undefined ? { name } : {}),
        ...(online !== undefined ? { online } : {}),
        ...(kept !== undefined ? { photo: kept } : {}),
      }
      agents.set(id, updated)
      return updated
    },
    addChannel(input) {
      const parsed = ChannelInput.parse(input)
      if (parsed.botProviderId !== undefined) requireProvider(parsed.botProviderId)
      let id = newChannelId()
      while (channels.has(id)) id = newChannelId()
      const added: Channel = {
        id,
        randomString: newRandomString(),
        name: parsed.name,
        webhookUrl: parsed.webhookUrl,
        chunked: parsed.chunked,
        agentIds: parsed.agents.map((name) => ensureAgent(name).id),
        enabled: parsed.enabled,
        acceptsMedia: parsed.acceptsMedia,
        createdAt: Date.now(),
        ...(parsed.botProviderId !== undefined ? { botProviderId: parsed.botProviderId } : {}),
      }
      channels.set(id, added)
      return added
    },
    updateChannel(id, patch) {
      const { botProviderId: currentProvider, ...current } = channel(id)
      const parsed = ChannelPatch.parse(patch)
      if (parsed.botProviderId) requireProvider(parsed.botProviderId)
      const provider =
        parsed.botProviderId === null ? undefined : (parsed.botProviderId ?? currentProvider)
      const updated: Channel = {
        ...current,
        ...(parsed.name !== undefined ? { name: parsed.name } : {}),
        ...(parsed.webhookUrl !== undefined ? { webhookUrl: parsed.webhookUrl } : {}),
        ...(parsed.chunked !== undefined ? { chunked: parsed.chunked } : {}),
        ...(parsed.enabled !== undefined ? { enabled: parsed.enabled } : {}),
        ...(parsed.acceptsMedia !== undefined ? { acceptsMedia: parsed.acceptsMedia } : {}),
        ...(parsed.agents !== undefined
          ? { agentIds: parsed.agents.map((name) => ensureAgent(name).id) }
          : {}),
        ...(provider !== undefined ? { botProviderId: provider } : {}),
      }
      channels.set(id, updated)
      return updated
    },
    putBotProvider(input) {
      const parsed = BotProviderInput.parse(input)
      const provider: BotProvider = {
        providerId: parsed.providerId,
        endpointUrl: parsed.endpointUrl,
        token: parsed.token,
        name: parsed.name ?? 'Bot',
      }
      botProviders.set(provider.providerId, provider)
      return provider
    },
    checkBotToken(providerId, token) {
      const provider = botProviders.get(providerId)
      if (!provider) return 'unknown'
      return sameSecret(token, provider.token) ? provider : 'wrong-token'
    },
    isAvailable: (candidate) =>
      candidate.enabled && candidate.agentIds.some((id) => agents.get(id)?.online === true),
  }
}
