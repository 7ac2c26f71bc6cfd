import { useEffect, useState } from 'react'

/** SPEC §9: search input is debounced 500 ms. */
export const searchDebounceMs = 500

/** The value once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = searchDebounceMs): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}
