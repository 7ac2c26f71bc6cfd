import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  noticesQueryOptions,
  recentlyReadFilters,
  unreadFilters,
} from '#client/features/notices/api/get-notices'
import { markReadInCache } from '#client/features/notices/api/mark-read-in-cache'

const n = (Id: number, IsRead = false) => ({
  Id,
  Msg: `notice ${Id}`,
  CreateTimeString: '2026-11-20 08:00:00',
  IsRead,
  CreateType: 2 as const,
  OrderId: Id,
  OrderNo: `SO-${Id}`,
})

describe('marking notices read in the cache (offline-ready)', () => {
  it('lowers the unread count, drops them from unread lists and flags them in the others', () => {
    const q = new QueryClient()
    const unreadKey = noticesQueryOptions(unreadFilters, 'zh').queryKey
    const allKey = noticesQueryOptions({ isAll: true }, 'zh').queryKey
    const readKey = noticesQueryOptions(recentlyReadFilters, 'en').queryKey
    q.setQueryData(unreadKey, { result: [n(1), n(2), n(3)], total: 3, UnreadCount: 3 })
    q.setQueryData(allKey, { result: [n(1), n(2), n(4, true)], total: 3, UnreadCount: 3 })
    q.setQueryData(readKey, { result: [n(4, true)], total: 1, UnreadCount: 3 })

    markReadInCache(q, [1, 2, 4])

    expect(q.getQueryData(unreadKey)).toMatchObject({
      result: [{ Id: 3 }],
      total: 1,
      UnreadCount: 1,
    })
    const all = q.getQueryData(allKey) as {
      result: { Id: number; IsRead: boolean }[]
      UnreadCount: number
    }
    expect(all.result.map((x) => [x.Id, x.IsRead])).toEqual([
      [1, true],
      [2, true],
      [4, true],
    ])
    expect(all.UnreadCount).toBe(1)
    // a list that showed none of them unread keeps its figure
    expect(q.getQueryData(readKey)).toMatchObject({
      result: [{ Id: 4, IsRead: true }],
      UnreadCount: 3,
    })
  })
})
