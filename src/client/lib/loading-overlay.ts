/**
 * A full-screen loading layer while a save runs (SPEC §8: calls whose URL contains `doEdit`, and
 * long saves). Plain DOM, no UI library: http.ts is on every page's first load.
 */
let open = 0
let layer: HTMLDivElement | undefined

/** Calls that get the layer: SPEC's `doEdit` saves, or any call that asks for it. */
export const wantsOverlay = (url: string, asked?: boolean) => asked === true || /doEdit/i.test(url)

export function showOverlay(): () => void {
  if (typeof document === 'undefined') return () => {}
  open++
  if (!layer) {
    layer = document.createElement('div')
    layer.className = 'loading-overlay'
    layer.dataset.testid = 'loading-overlay'
    layer.setAttribute('role', 'progressbar')
    layer.setAttribute('aria-busy', 'true')
    layer.style.cssText =
      'position:fixed;inset:0;z-index:1979;background:rgba(255,255,255,.5);cursor:progress'
    document.body.append(layer)
  }
  let done = false
  return () => {
    if (done) return
    done = true
    if (--open === 0) {
      layer?.remove()
      layer = undefined
    }
  }
}
