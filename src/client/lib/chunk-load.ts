import { fetchWithin } from './fetch-within.ts'
import { hasUnsavedWork } from './unsaved-work.ts'

/** SPEC §9: a script chunk that has not come within this time is a load error. */
export const chunkLoadTimeoutMs = 120_000

/** sessionStorage key: when the app last reloaded to recover a missing chunk. */
export const chunkReloadKey = 'forgeline-chunk-reload'
/** One recovery reload in this long; a chunk still missing after it is shown as an error. */
const reloadWindowMs = 10 * 60_000

/** How Chromium ("Failed to fetch …"), Firefox ("error loading …"), Safari and Vite word it. */
const chunkMessage =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/

/** True for the errors a browser gives when a script chunk (or its CSS) could not be loaded. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && chunkMessage.test(error.message)

let recovery: Promise<void> | undefined
/** True while this page recovers from a missing chunk (asks the server, then reloads). */
export const chunkReloadStarted = () => recovery !== undefined

/** How long the page's address may take to answer before the server counts as away. */
export const pageAnswerMs = 5_000

/**
 * True when the page's own address answers (below 500): a reload would load a page. Pages are
 * sent `no-cache` (plugins/static.ts), so no cached copy answers for the server. A server that
 * takes the connection and says nothing within `pageAnswerMs` does not answer either.
 */
export const pageAnswers = (): Promise<boolean> =>
  fetchWithin(location.href, { method: 'HEAD' }, pageAnswerMs).then(
    (res) => res.status < 500,
    () => false,
  )

/**
 * After a new deploy the old pages ask for chunks that are gone: reload once to get the new
 * version, once the page's address answers. Never twice in a row (sessionStorage remembers the
 * reload), never over unsaved input. Returns false when it will not (the caller shows the load
 * error), else a promise (the same for every failure meanwhile) that resolves if the server did
 * not answer: no reload then, since it would only show the browser's error page (the caller
 * shows the load error as the connection's).
 */
export function recoverFromMissingChunk(
  reload: () => void = () => location.reload(),
  now = Date.now(),
  answers = pageAnswers,
): Promise<void> | false {
  if (recovery) return recovery
  if (hasUnsavedWork()) return false
  try {
    if (now - (Number(sessionStorage.getItem(chunkReloadKey)) || 0) < reloadWindowMs) return false
    sessionStorage.setItem(chunkReloadKey, String(now))
  } catch {
    return false // no storage: cannot remember the reload, so never risk a loop
  }
  return (recovery = answers().then((up) => {
    if (up) {
      reload()
      return new Promise<void>(() => {}) // the page is going: never settles
    }
    // no reload was made: the next failure, once the server is back, may make one
    sessionStorage.removeItem(chunkReloadKey)
    recovery = undefined
  }))
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
