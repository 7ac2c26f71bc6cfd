import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SearchBox, searchDelay } from '#client/components/item-editor/search-box'

afterEach(() => vi.useRealTimers())

describe('list search box', () => {
  it('searches as the user types, once after a pause, and at once on Enter', () => {
    vi.useFakeTimers()
    const onSearch = vi.fn()
    render(
      <I18nProvider i18n={i18n}>
        <SearchBox placeholder="Name" onSearch={onSearch} />
      </I18nProvider>,
    )
    const box = screen.getByTestId('list-search')
    fireEvent.change(box, { target: { value: 'fl' } })
    fireEvent.change(box, { target: { value: 'flange ' } })
    expect(onSearch).not.toHaveBeenCalled()
    act(() => void vi.advanceTimersByTime(searchDelay))
    expect(onSearch.mock.calls).toEqual([['flange']])
    fireEvent.change(box, { target: { value: 'shaft' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSearch.mock.calls).toEqual([['flange'], ['shaft']])
    // the pending pause does not search the same keyword again
    act(() => void vi.advanceTimersByTime(searchDelay))
    expect(onSearch).toHaveBeenCalledTimes(2)
  })
})
