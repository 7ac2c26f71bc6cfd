import { atBase } from '#client/lib/base-url'

/**
 * Old notice links arrive as `#/order/order?id=..` (SPEC §2 hash mode); the app uses
 * clean URLs, so such a hash is moved into the path before the router starts.
 */
export function rewriteLegacyHash(
  loc: Location = window.location,
  history: History = window.history,
) {
  if (!loc.hash.startsWith('#/')) return
  history.replaceState(history.state, '', atBase(loc.hash.slice(1)))
}
