import { useEffect, useRef } from 'react'
import { getPorthole, type Porthole } from './index.js'
import { type Attributes, followUser, mountWidget } from './lifecycle.js'
import type { PortholeOptions } from './types.js'

export { getPorthole, loadPorthole, type Porthole } from './index.js'
export type * from './types.js'

export interface PortholeChatProps extends PortholeOptions {
  /**
   * Custom visitor data for the agents (setAttributes): name, email and phone update the
   * profile, the rest ride with the page address.
   */
  attributes?: Attributes
}

/**
 * The chat widget. Renders nothing itself (the widget draws in its own Shadow DOM in the
 * page's corner): loads widget.js once, after the page's load, and removes the widget when
 * unmounted. Signs `user` in (its `hash` computed by your server) and forgets the
 * conversation when `user` goes away (a sign-out). `consent={false}` waits. Safe to render
 * on the server.
 *
 * @example <PortholeChat url="https://chat.example.com" user={session.porthole} />
 */
export function PortholeChat(props: PortholeChatProps): null {
  const { user, consent, attributes } = props
  const options = useRef(props)
  options.current = props

  // Options other than these are read once: the widget is loaded once per page.
  useEffect(() => mountWidget(options.current), [])

  useEffect(() => {
    if (consent !== false) getPorthole().grantConsent()
  }, [consent])

  const userRef = useRef('')
  useEffect(() => {
    userRef.current = followUser(getPorthole(), user, userRef.current)
  })

  const attributesKey = attributes ? JSON.stringify(attributes) : ''
  useEffect(() => {
    if (attributesKey)
      void getPorthole()
        .setAttributes(JSON.parse(attributesKey))
        .catch(() => {})
  }, [attributesKey])

  return null
}

/**
 * The page API for components: the object loadPorthole() returns, usable at once (calls
 * wait for the widget); on the server its calls do nothing.
 *
 * @example const porthole = usePorthole(); <button onClick={() => porthole.open()}>Chat</button>
 */
export function usePorthole(): Porthole {
  return getPorthole()
}
