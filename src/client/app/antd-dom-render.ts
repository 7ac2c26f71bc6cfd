import type { ReactElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import './antd-toast.css'

/**
 * Stands in for `rc-util/lib/React/render` (vite.config.ts aliases it), the renderer behind
 * antd-mobile's imperative Toast/Dialog: React 19 has no `ReactDOM.render`, so the original
 * silently renders nothing. This one uses `createRoot`, so no start-up call is needed and the
 * first load carries neither rc-util nor its Babel helpers (DESIGN §1).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>()

export function render(node: ReactElement, container: Element | DocumentFragment) {
  let root = roots.get(container)
  if (!root) {
    root = createRoot(container)
    roots.set(container, root)
  }
  root.render(node)
}

export async function unmount(container: Element | DocumentFragment) {
  await Promise.resolve()
  roots.get(container)?.unmount()
  roots.delete(container)
}
