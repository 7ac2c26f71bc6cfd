import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useGridPaging } from '#client/features/orders/grid/use-grid-paging'

const keys = (n: number) => ({
  first: { key: `A${n}`, id: n * 10 },
  last: { key: `Z${n}`, id: n * 10 + 9 },
})

describe('grid paging', () => {
  it('Next and Previous send the shown page cursor; a jump and the first page go by number', () => {
    const { result } = renderHook(() => useGridPaging())
    expect(result.current).toMatchObject({ pageIndex: 1, cursor: {} })
    act(() => result.current.next(keys(1)))
    expect(result.current.pageIndex).toBe(2)
    expect(result.current.cursor).toEqual({ after: keys(1).last, before: undefined })
    act(() => result.current.next(keys(2)))
    expect(result.current.cursor).toEqual({ after: keys(2).last, before: undefined })
    act(() => result.current.previous(keys(3)))
    expect(result.current.pageIndex).toBe(2)
    expect(result.current.cursor).toEqual({ after: undefined, before: keys(3).first })
    act(() => result.current.previous(keys(2)))
    expect(result.current).toMatchObject({ pageIndex: 1, cursor: {} })
    expect(result.current.cursor.before).toBeUndefined()
    // a page still loading has no keys: Next moves by number
    act(() => result.current.next(undefined))
    expect(result.current.pageIndex).toBe(2)
    expect(result.current.cursor.after).toBeUndefined()
    act(() => result.current.next(keys(2)))
    act(() => result.current.jump(1))
    expect(result.current.pageIndex).toBe(1)
    expect(result.current.cursor).toEqual({ after: undefined, before: undefined })
  })
})
