import './small-toast.css'

let current: HTMLElement | undefined
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * A short message in the middle of the screen, like antd-mobile's fail Toast but without its
 * animation library (pages that must stay light: the login page). Announced by screen readers.
 */
export function showSmallToast(content: string, duration = 3000) {
  if (typeof document === 'undefined') return
  current?.remove()
  clearTimeout(timer)
  const el = document.createElement('div')
  el.className = 'small-toast'
  el.setAttribute('role', 'alert')
  el.textContent = content
  document.body.append(el)
  current = el
  timer = setTimeout(() => {
    el.remove()
    if (current === el) current = undefined
  }, duration)
}
