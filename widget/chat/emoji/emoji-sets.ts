/** One tab of the picker: its English name (others: widget/i18n/languages/) and its emoji (space-separated). */
export interface EmojiSet {
  name: string
  emoji: string
}

// A compact curated set of common emoji (Unicode 11 or older: every current system
// font draws them), in the order people reach for them. No images, no network font.
export const EMOJI_SETS: readonly EmojiSet[] = [
  {
    name: 'Smileys',
    emoji:
      '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰 😘 😋 😛 😜 🤪 😎 🤩 🥳 🤗 🤔 🤨 😐 😑 😶 🙄 😏 😬 😮 😯 😲 😳 🥺 😢 😭 😤 😠 😡 🤯 😱 😨 😰 😥 😓 🤤 😴 🤒 🤧 🥶 🥵 😵 🤐 🤫',
  },
  {
    name: 'Gestures',
    emoji: '👍 👎 👌 ✌️ 🤞 🤟 🤙 👋 👏 🙌 🙏 🤝 💪 👀 👈 👉 👆 👇 ✋ 🤚 🖐️ ✊ 👊 🤷 🤦 🙋 🙇 💁',
  },
  {
    name: 'Hearts and symbols',
    emoji: '❤️ 🧡 💛 💚 💙 💜 🖤 💔 💕 💖 💯 ✅ ❌ ❗ ❓ ⭐ 🌟 ✨ 🔥 💥 🎉 🎊 🎁 🏆 🔔 💡 ⚠️ 🚫 ➡️ 🆗',
  },
  {
    name: 'Nature and food',
    emoji:
      '🐶 🐱 🦊 🐻 🐼 🐨 🦁 🐸 🐵 🐧 🐦 🦋 🌸 🌹 🌻 🌳 🍀 🌈 ☀️ ⛅ 🌧️ ❄️ 🍎 🍌 🍓 🍕 🍔 🍟 🍰 🎂 🍫 ☕ 🍵 🍺 🍷 🥂',
  },
  {
    name: 'Travel and things',
    emoji:
      '🚗 🚕 🚌 🚚 🚲 ✈️ 🚀 🚢 🏠 🏢 🏪 🗺️ ⏰ ⌛ 📅 📦 📱 💻 ⌨️ 🖨️ 📷 🔋 🔌 🔒 🔑 🛒 💳 💰 🧾 📝 📎 ✏️ 📧 📞 ⚽ 🎮 🎵 🎧',
  },
]
