import { useSyncExternalStore } from 'react'

/** SPEC §3 error log entry: url (the route it happened on) and err (message, stack). */
export type ErrorEntry = {
  id: number
  /** the route (path and query) on screen when it happened */
  url: string
  message: string
  stack?: string
  source: 'error' | 'promise' | 'request' | 'render' | 'chunk'
  time: number
}

/** The log keeps the latest entries only. */
export const maxErrorEntries = 50

let entries: readonly ErrorEntry[] = []
let nextId = 1
const listeners = new Set<() => void>()

type Sink = (entry: ErrorEntry) => void
let sink: Sink | undefined

/** Where new entries also go (the staff shell sends them to the server, send-errors.ts); one at a time. */
export function setErrorSink(next: Sink | undefined) {
  sink = next
}

const emit = () => {
  for (const l of listeners) l()
}

export const currentRoute = () =>
  typeof location === 'undefined' ? '' : location.pathname + location.search

export function addError(e: Omit<ErrorEntry, 'id' | 'time' | 'url'> & { url?: string }) {
  const entry: ErrorEntry = { ...e, url: e.url ?? currentRoute(), id: nextId++, time: Date.now() }
  entries = [entry, ...entries].slice(0, maxErrorEntries)
  emit()
  sink?.(entry)
}

/** Empties the log (the dialog's Clear button): the header button hides until the next error. */
export function clearErrors() {
  if (entries.length === 0) return
  entries = []
  emit()
}

export const errorEntries = () => entries

function subscribe(l: () => void) {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}

export const useErrorEntries = () => useSyncExternalStore(subscribe, errorEntries, errorEntries)
