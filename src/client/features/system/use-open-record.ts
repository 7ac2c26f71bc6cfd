import { useState } from 'react'
import { useRefetchOnVersion } from '#client/lib/record-versions'

type Key = string | number | undefined

/**
 * The record a settings page has open in its sheet, as its list reads it now (DESIGN §11): the
 * list is read again when someone else saves one of its records, and the open form follows
 * (use-record-form.ts). `round` opens the form anew; `reload` (Take theirs) reads the list again
 * first. A record the list no longer shows stays as it was opened.
 */
export function useOpenRecord<T>(o: {
  recordType: string
  rows: readonly T[] | undefined
  keyOf: (r: T) => Key
  opened: T | undefined
  refetch: () => Promise<unknown>
}) {
  const [round, setRound] = useState(0)
  useRefetchOnVersion(
    o.recordType,
    (id) => o.rows?.some((r) => o.keyOf(r) === id) === true,
    o.refetch,
  )
  const key = o.opened === undefined ? undefined : o.keyOf(o.opened)
  const record =
    key === undefined ? o.opened : (o.rows?.find((r) => o.keyOf(r) === key) ?? o.opened)
  return {
    record,
    round,
    reload: () => void o.refetch().then(() => setRound((n) => n + 1)),
  }
}
