import { noticeTypes, type NoticeType } from '#shared/contract/notice-types'
import { toId } from '#client/lib/search-params'

export type ReadState = 'unread' | 'read'

/** URL state of /workbench: `?type=0..3&state=unread|read&page=n`; anything else is dropped. */
export type WorkbenchSearch = { type?: NoticeType; state?: ReadState; page?: number }

export function parseWorkbenchSearch(s: Record<string, unknown>): WorkbenchSearch {
  const out: WorkbenchSearch = {}
  const type = Number(s.type)
  if (s.type !== undefined && s.type !== '' && noticeTypes.includes(type as NoticeType))
    out.type = type as NoticeType
  if (s.state === 'unread' || s.state === 'read') out.state = s.state
  const page = toId(s.page)
  if (page !== undefined && page > 1) out.page = page
  return out
}

/** SPEC §9 grid page size: 15 when the window is under 1000 px high, else 20. */
export const workbenchPageSize = () =>
  typeof window !== 'undefined' && window.innerHeight < 1000 ? 15 : 20
