import { useLingui } from '@lingui/react/macro'

/** A search field of a list: Enter searches. */
export function SearchBox({ placeholder, onSearch }: { placeholder: string; onSearch: (keyword: string) => void }) {
  const { t } = useLingui()
  return (
    <input
      type="search"
      className="grid-input content-search"
      placeholder={placeholder}
      aria-label={t`Search`}
      data-testid="list-search"
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(e.currentTarget.value.trim())
      }}
    />
  )
}
