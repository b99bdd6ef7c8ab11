import type { Language } from '../../../shared/widget-api'

/** One tab of the picker: its name in each language and its emoji (space-separated). */
export interface EmojiSet {
  name: Record<Language, string>
  emoji: string
}

// A compact curated set of common emoji (Unicode 11 or older: every current system
// font draws them), in the order people reach for them. No images, no network font.
export const EMOJI_SETS: readonly EmojiSet[] = [
  {
    name: { en: 'Smileys', ru: 'Смайлы' },
    emoji:
      '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰 😘 😋 😛 😜 🤪 😎 🤩 🥳 🤗 🤔 🤨 😐 😑 😶 🙄 😏 😬 😮 😯 😲 😳 🥺 😢 😭 😤 😠 😡 🤯 😱 😨 😰 😥 😓 🤤 😴 🤒 🤧 🥶 🥵 😵 🤐 🤫',
  },
  {
    name: { en: 'Gestures', ru: 'Жесты' },
    emoji: '👍 👎 👌 ✌️ 🤞 🤟 🤙 👋 👏 🙌 🙏 🤝 💪 👀 👈 👉 👆 👇 ✋ 🤚 🖐️ ✊ 👊 🤷 🤦 🙋 🙇 💁',
  },
  {
    name: { en: 'Hearts and symbols', ru: 'Сердца и символы' },
    emoji: '❤️ 🧡 💛 💚 💙 💜 🖤 💔 💕 💖 💯 ✅ ❌ ❗ ❓ ⭐ 🌟 ✨ 🔥 💥 🎉 🎊 🎁 🏆 🔔 💡 ⚠️ 🚫 ➡️ 🆗',
  },
  {
    name: { en: 'Nature and food', ru: 'Природа и еда' },
    emoji:
      '🐶 🐱 🦊 🐻 🐼 🐨 🦁 🐸 🐵 🐧 🐦 🦋 🌸 🌹 🌻 🌳 🍀 🌈 ☀️ ⛅ 🌧️ ❄️ 🍎 🍌 🍓 🍕 🍔 🍟 🍰 🎂 🍫 ☕ 🍵 🍺 🍷 🥂',
  },
  {
    name: { en: 'Travel and things', ru: 'Поездки и вещи' },
    emoji:
      '🚗 🚕 🚌 🚚 🚲 ✈️ 🚀 🚢 🏠 🏢 🏪 🗺️ ⏰ ⌛ 📅 📦 📱 💻 ⌨️ 🖨️ 📷 🔋 🔌 🔒 🔑 🛒 💳 💰 🧾 📝 📎 ✏️ 📧 📞 ⚽ 🎮 🎵 🎧',
  },
]
