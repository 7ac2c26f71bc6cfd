import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'

/** Milliseconds of typing pause before a list searches (search as you type). */
export const searchDelay = 300

/** A search field of a list: searches as the user types (after a short pause), Enter at once. */
export function SearchBox({
  placeholder,
  onSearch,
}: {
  placeholder: string
  onSearch: (keyword: string) => void
}) {
  const { t } = useLingui()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const last = useRef('')
  const search = (value: string) => {
    clearTimeout(timer.current)
    const keyword = value.trim()
    if (keyword === last.current) return
    last.current = keyword
    onSearch(keyword)
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <input
      type="search"
      className="grid-input content-search"
      placeholder={placeholder}
      aria-label={t`Search`}
      data-testid="list-search"
      onChange={(e) => {
        const value = e.currentTarget.value
        clearTimeout(timer.current)
        timer.current = setTimeout(() => search(value), searchDelay)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') search(e.currentTarget.value)
      }}
    />
  )
}
