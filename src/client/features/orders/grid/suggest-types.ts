import type { QueryKey } from '@tanstack/react-query'
import type { ReactNode } from 'react'

/** What a suggest input shows and says; each screen that uses one fills it in. */
export type SuggestTexts = {
  /** the sheet's title and the search field's name */
  title: string
  /** the phone button's text when there is no value */
  choose: string
  placeholder: string
  /** the list's accessible name */
  list: string
  /** the sheet's line when nothing matches */
  empty: string
}

/** One source of suggestions: items for a search, how to key and show them, what picking one writes. */
export type SuggestSource<T> = {
  /** the query of the items for a search ('' when nothing is typed) */
  query: (search: string) => { queryKey: QueryKey; queryFn: () => Promise<T[]>; staleTime?: number }
  key: (item: T) => string | number
  render: (item: T) => ReactNode
  /** the text the input gets when the item is picked */
  text: (item: T) => string
}

/** Test ids of a suggest input: `{base}-open`, `{base}` (sheet), `{base}-choice`, `{base}-free`, `{base}-suggestions`. */
export const suggestTestIds = (base: string) => ({
  open: `${base}-open`,
  sheet: base,
  choice: `${base}-choice`,
  free: `${base}-free`,
  suggestions: `${base}-suggestions`,
})
