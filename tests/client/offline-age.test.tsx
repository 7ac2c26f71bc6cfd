import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatAge, useShownDataAge } from '#client/components/feedback/use-shown-data-age'

/*
 * The offline banner's age of the data on screen moves on while the page stays offline: the zh
 * banner said "此刻" for data minutes old, since nothing rendered it again while the data stayed.
 */
function Age({ locale }: { locale: string }) {
  useQuery({ queryKey: ['shown'], queryFn: () => 'rows', staleTime: Infinity })
  const savedAt = useShownDataAge(true)
  return <p data-testid="age">{savedAt === undefined ? '' : formatAge(savedAt, locale)}</p>
}

afterEach(() => vi.useRealTimers())

describe('the age in the offline banner', () => {
  for (const [locale, fresh, later] of [
    ['zh', '此刻', '2分钟前'],
    ['en', 'this minute', '2 minutes ago'],
  ] as const) {
    it(`reads "${later}" two minutes on, in ${locale}`, async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
      const queryClient = new QueryClient()
      render(
        <QueryClientProvider client={queryClient}>
          <Age locale={locale} />
        </QueryClientProvider>,
      )
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10)
      })
      await vi.waitFor(() => expect(screen.getByTestId('age').textContent).toBe(fresh))
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000)
      })
      expect(screen.getByTestId('age').textContent).toBe(later)
    })
  }
})
