import { useEffect, useEffectEvent } from 'react'
import type { VersionMessage } from '#shared/contract/row-version'

type Listener = (m: VersionMessage) => void
const listeners = new Set<Listener>()

/** The realtime channel said "record X is now version N" (DESIGN §11): tell the open screens. */
export function publishVersion(m: VersionMessage) {
  for (const l of listeners) l(m)
}

/**
 * Calls `onVersion` for each version message about records of `recordType` (a record-history
 * type: 'Order', 'News', ...) while the screen is mounted. The screen refetches the record through
 * its own list or Get query, so column permissions apply; the message carries no values.
 */
export function useRecordVersions(
  recordType: string | undefined,
  onVersion: (m: VersionMessage) => void,
) {
  const on = useEffectEvent(onVersion)
  useEffect(() => {
    if (!recordType) return
    const l: Listener = (m) => {
      if (m.recordType === recordType) on(m)
    }
    listeners.add(l)
    return () => void listeners.delete(l)
  }, [recordType])
}

/**
 * An open list or editor reads its own query again (its list or `Get` call, so column permissions
 * apply) when a record it `shows` gets a new version from someone else's save. An open form over
 * that record then shows the new values of the fields its user has not edited
 * (components/form/live-values.ts).
 */
export function useRefetchOnVersion(
  recordType: string | undefined,
  shows: (id: VersionMessage['Id']) => boolean,
  refetch: () => unknown,
) {
  useRecordVersions(recordType, (m) => {
    if (shows(m.Id)) void refetch()
  })
}
