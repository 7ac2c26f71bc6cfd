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
