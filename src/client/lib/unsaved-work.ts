import { useEffect, useId } from 'react'

const dirty = new Set<string>()

/** True while any form on the page holds input that is not saved yet. */
export const hasUnsavedWork = () => dirty.size > 0

/** Forms report unsaved input, so an app update never reloads over it. */
export function useUnsavedWork(isDirty: boolean) {
  const id = useId()
  useEffect(() => {
    if (isDirty) dirty.add(id)
    else dirty.delete(id)
    return () => {
      dirty.delete(id)
    }
  }, [id, isDirty])
}
