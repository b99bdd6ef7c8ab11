import { defineComponent, onBeforeUnmount, onMounted, type PropType, watch } from 'vue'
import { getPorthole, type Porthole } from './index.js'
import { type Attributes, followUser, mountWidget } from './lifecycle.js'
import type { IdentifiedUser, PortholeLookOptions } from './types.js'

export { getPorthole, loadPorthole, type Porthole } from './index.js'
export type * from './types.js'

/**
 * The chat widget as a Vue component: `<PortholeChat url="https://chat.example.com" />`.
 * Renders nothing itself; loads widget.js once, after the page's load, removes the widget
 * when unmounted, follows `user` (identify; a sign-out forgets the conversation) and waits
 * while `consent` is false. Safe to render on the server.
 */
export const PortholeChat = defineComponent({
  name: 'PortholeChat',
  props: {
    url: { type: String, required: true },
    user: { type: Object as PropType<IdentifiedUser>, default: undefined },
    consent: { type: Boolean, default: true },
    attributes: { type: Object as PropType<Attributes>, default: undefined },
    title: { type: String, default: undefined },
    color: { type: String, default: undefined },
    position: { type: String as PropType<PortholeLookOptions['position']>, default: undefined },
    lang: { type: String, default: undefined },
    inviteText: { type: String, default: undefined },
    inviteDelay: { type: Number, default: undefined },
  },
  setup(props) {
    let unmount: (() => void) | undefined
    let userKey = ''
    onMounted(() => {
      const { user: _user, consent: _consent, attributes: _attributes, ...options } = props
      unmount = mountWidget(options)
      watch(
        () => props.consent,
        (consent) => consent && getPorthole().grantConsent(),
        { immediate: true },
      )
      watch(
        () => props.user,
        (user) => {
          userKey = followUser(getPorthole(), user, userKey)
        },
        { immediate: true, deep: true },
      )
      watch(
        () => (props.attributes ? JSON.stringify(props.attributes) : ''),
        (key) =>
          key &&
          void getPorthole()
            .setAttributes(JSON.parse(key))
            .catch(() => {}),
        { immediate: true },
      )
    })
    onBeforeUnmount(() => unmount?.())
    return () => null
  },
})

/**
 * The page API in a component's setup: the object loadPorthole() returns, usable at once
 * (calls wait for the widget); on the server its calls do nothing.
 *
 * @example const porthole = usePorthole(); porthole.open()
 */
export function usePorthole(): Porthole {
  return getPorthole()
}
