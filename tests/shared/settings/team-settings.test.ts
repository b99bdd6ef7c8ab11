import { describe, expect, it } from 'vitest'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { checkSettings } from '../../../shared/settings/settings-file'
import { PublicConfig } from '../../../shared/widget-api'
import { parsePublicConfig } from '../../../widget/protocol/public-config'

const PHOTO = 'https://cdn.example/team/anna.png'

describe('settings `team`: photos and reply time while nobody has joined', () => {
  it('defaults to no photos and no reply time, and then sends nothing to the widget', () => {
    const checked = checkSettings({})
    expect(checked.ok && checked.settings.team).toEqual({ avatars: [], replyTime: 'hidden' })
    if (!checked.ok) return
    expect(publicConfigOf(checked.settings, 'en', 0)).not.toHaveProperty('team')
  })

  it('sends up to three photos and the reply time in GET /api/config', () => {
    const checked = checkSettings({ team: { avatars: [PHOTO, PHOTO], replyTime: 'minutes' } })
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    const config = publicConfigOf(checked.settings, 'en', 0)
    expect(config.team).toEqual({ avatars: [PHOTO, PHOTO], replyTime: 'minutes' })
    expect(PublicConfig.parse(config).team).toEqual(config.team)
    // The loader leaves it to the chat's team chunk (no bytes before engagement).
    expect(parsePublicConfig(config)).not.toHaveProperty('team')
  })

  it.each([
    [{ avatars: [PHOTO, PHOTO, PHOTO, PHOTO] }, 'team.avatars', 'must hold at most 3 photos'],
    [{ avatars: ['javascript:alert(1)'] }, 'team.avatars.0', 'must be an http:// or https:// URL'],
    [{ avatars: PHOTO }, 'team.avatars', 'must be a list of photo links'],
    [{ replyTime: 'soon' }, 'team.replyTime', 'must be minutes, hour, day or hidden'],
  ])('refuses %j with a clear error', (team, path, message) => {
    expect(checkSettings({ team })).toEqual({ ok: false, problems: [{ path, message }] })
  })
})
