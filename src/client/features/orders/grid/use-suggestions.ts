import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDebouncedValue } from '#client/features/search/use-debounced-value'
import type { SuggestSource } from './suggest-types.ts'

const debounceMs = 300

/** The items of a source for what is typed, asked for once typing pauses and only while `open`. */
export function useSuggestions<T>(source: SuggestSource<T>, typed: string, open: boolean) {
  const search = useDebouncedValue(typed.trim(), debounceMs)
  // asked once the text has settled: typing "acme" asks for "acme", not first for ""
  const q = useQuery({
    ...source.query(search),
    enabled: open && search === typed.trim(),
    placeholderData: keepPreviousData,
  })
  return { items: q.data ?? [], isFetched: q.isFetched }
}
