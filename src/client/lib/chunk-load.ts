import { hasUnsavedWork } from './unsaved-work.ts'

/** SPEC §9: a script chunk that has not come within this time is a load error. */
export const chunkLoadTimeoutMs = 120_000

/** sessionStorage key: when the app last reloaded to recover a missing chunk. */
export const chunkReloadKey = 'forgeline-chunk-reload'
/** One recovery reload in this long; a chunk still missing after it is shown as an error. */
const reloadWindowMs = 10 * 60_000

const chunkMessages = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'ChunkLoadError',
]

/** True for the errors a browser gives when a script chunk (or its CSS) could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const text = `${error.name} ${error.message}`
  return chunkMessages.some((m) => text.includes(m))
}

let reloadStarted = false
/** True once this page has started its recovery reload: what renders meanwhile is not an error. */
export const chunkReloadStarted = () => reloadStarted

/**
 * After a new deploy the old pages ask for chunks that are gone: reload once to get the new
 * version. Never twice in a row (sessionStorage remembers the reload), never over unsaved input.
 * Returns true when it reloads; false means the caller shows the load error.
 */
export function recoverFromMissingChunk(
  reload: () => void = () => location.reload(),
  now = Date.now(),
): boolean {
  if (hasUnsavedWork()) return false
  let last = 0
  try {
    last = Number(sessionStorage.getItem(chunkReloadKey)) || 0
    if (now - last < reloadWindowMs) return false
    sessionStorage.setItem(chunkReloadKey, String(now))
  } catch {
    return false // no storage: cannot remember the reload, so never risk a loop
  }
  reloadStarted = true
  reload()
  return true
}

/**
 * TanStack Router's lazy route component reloads the page by itself, once per missing module,
 * without looking at unsaved input. The reload is decided here (recoverFromMissingChunk), so its
 * own is marked as done for this error (its sessionStorage key is the error's message).
 */
export function keepRouterFromReloading(error: unknown) {
  if (!(error instanceof Error)) return
  try {
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
  } catch {
    // no storage: the router cannot remember its reload either, and gives up on it
  }
}

type LoadEvents = {
  subscribe: (event: 'onBeforeLoad' | 'onResolved', fn: () => void) => () => void
}

/**
 * A page change whose code (and data) has not arrived in `ms` raises a load error (SPEC §8/§9):
 * `onTimeout` is called once per stuck navigation. Returns the function that stops watching.
 */
export function watchPageLoads(
  router: LoadEvents,
  onTimeout: () => void,
  ms = chunkLoadTimeoutMs,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const off1 = router.subscribe('onBeforeLoad', () => {
    clearTimeout(timer)
    timer = setTimeout(onTimeout, ms)
  })
  const off2 = router.subscribe('onResolved', () => clearTimeout(timer))
  return () => {
    clearTimeout(timer)
    off1()
    off2()
  }
}
