import { isDatabaseFault } from '#shared/contract/fault-cause'
import { smallStore, useStore } from './small-store.ts'

/**
 * Whether the server has said it cannot reach its database (an answer 503 with
 * `cause: 'database'`, src/shared/contract/faults.ts). While true the staff app shows one banner
 * (components/feedback/database-banner.tsx) instead of a toast per failed save, and asks
 * `/readyz` every `pollMs` until the server is ready again; any successful answer clears it too.
 *
 * For the save path: `noteServerAnswer` is given every answer (lib/http.ts does), and a caller
 * about to show a failure toast asks `databaseUnreachable(e)` first: true means the banner
 * already says it (skip the toast; keep the write for its retry).
 */
export const databaseDown = smallStore(false)

const pollMs = 5000
let polling: ReturnType<typeof setTimeout> | undefined
/** the server's root (`/api` -> ``, `https://host/Nst/api` -> `https://host/Nst`), set by http.ts */
let serverRoot = ''

/** Where `/readyz` is: the API base without its last segment. */
export function setServerRoot(apiBase: string) {
  serverRoot = apiBase.replace(/\/[^/]*$/, '')
}

function poll() {
  if (polling) return
  polling = setTimeout(async () => {
    polling = undefined
    if (!databaseDown.get()) return
    try {
      const res = await fetch(`${serverRoot}/readyz`, { cache: 'no-store' })
      const body: unknown = await res.json().catch(() => null)
      // ready, or not ready for another reason (draining, storage): the database answers
      if (res.ok || (res.status === 503 && !isDatabaseFault(body))) databaseDown.set(false)
    } catch {
      /* offline or the server is away: the offline banner says so; ask again later */
    }
    if (databaseDown.get()) poll()
  }, pollMs)
}

/** Every API answer: a database fault raises the banner, a successful answer lowers it. */
export function noteServerAnswer(status: number, body: unknown) {
  if (status === 503 && isDatabaseFault(body)) {
    databaseDown.set(true)
    poll()
  } else if (status >= 200 && status < 300 && databaseDown.get()) databaseDown.set(false)
}

/**
 * True while the banner says the server cannot reach its database and `e` (if given) is a
 * failure of that kind (code 503, or no answer at all): the caller skips its own toast.
 */
export function databaseUnreachable(e?: unknown): boolean {
  if (!databaseDown.get()) return false
  if (e === undefined) return true
  const code = Number((e as { code?: unknown } | null)?.code)
  return code === 503 || !(e instanceof Error && 'code' in e)
}

/** The banner's flag, for components. */
export const useDatabaseDown = () => useStore(databaseDown)
