import type { QueryClient } from '@tanstack/react-query'
import { addError } from './error-store.ts'

export { addError }

type Coded = Error & { code?: unknown; url?: unknown }

/** Message and stack of anything thrown; an API error carries its code (SPEC §8 "other codes"). */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const { code, url } = error as Coded
    const prefix =
      typeof code === 'number' ? `${typeof url === 'string' ? `${url} ` : ''}[${code}] ` : ''
    return { message: `${prefix}${error.message || error.name}`, stack: error.stack }
  }
  if (typeof error === 'string') return { message: error }
  try {
    return { message: JSON.stringify(error) ?? String(error) }
  } catch {
    return { message: String(error) }
  }
}

const keyText = (key: readonly unknown[]) =>
  key.map((k) => (typeof k === 'string' || typeof k === 'number' ? k : JSON.stringify(k))).join('/')

/**
 * Collects unhandled UI errors (window `error`, `unhandledrejection`) into the error log
 * (SPEC §2, §8). Returns the function that stops collecting.
 */
export function collectWindowErrors(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    const d = describeError(e.error ?? e.message)
    addError({ source: 'error', message: d.message || e.message, stack: d.stack })
  }
  const onRejection = (e: PromiseRejectionEvent) =>
    addError({ source: 'promise', ...describeError(e.reason) })
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}

let windowCollecting = false

/** Starts window error collection once for the page (idempotent), as early as the module loads. */
export function collectWindowErrorsOnce() {
  if (windowCollecting || typeof window === 'undefined') return
  windowCollecting = true
  collectWindowErrors(window)
}

/**
 * Collects rejected API calls: failed queries and mutations of the QueryClient (after their
 * retries). Returns the function that stops collecting.
 */
export function collectRequestErrors(queryClient: QueryClient): () => void {
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return
    const d = describeError(event.action.error)
    addError({
      source: 'request',
      message: `${keyText(event.query.queryKey)}: ${d.message}`,
      stack: d.stack,
    })
  })
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return
    const key = event.mutation.options.mutationKey
    const d = describeError(event.action.error)
    addError({
      source: 'request',
      message: key ? `${keyText(key)}: ${d.message}` : d.message,
      stack: d.stack,
    })
  })
  return () => {
    offQueries()
    offMutations()
  }
}
