import type { WxLoginResult } from '#shared/contract/wechat'

/** State of one WeChat sign-in between pages, kept in this tab only. */
type Flow = { state: string; redirect?: string; ticket?: string; accounts?: string[] }
const key = 'forgeline-wx-flow'

export function startFlow(redirect: string | undefined): Flow {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const flow = {
    state: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
    redirect,
  }
  sessionStorage.setItem(key, JSON.stringify(flow))
  return flow
}

export function readFlow(): Flow | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as Flow | null
  } catch {
    return null
  }
}

export function updateFlow(patch: Partial<Flow>) {
  const cur = readFlow()
  if (cur) sessionStorage.setItem(key, JSON.stringify({ ...cur, ...patch }))
}

export const endFlow = () => sessionStorage.removeItem(key)

/** SPEC §4 outcome of a WeChat login: 1 signed in, 2 choose account, 3 not bound, 4 bind an account. */
export function outcomeOf(r: WxLoginResult): 1 | 2 | 3 | 4 {
  if (!r.IsBind) return 4
  if (r.LoginList.length === 1) return 1
  if (r.LoginList.length > 1) return 2
  return 3
}

export const safeRedirect = (r: string | undefined) =>
  r && r.startsWith('/') && !r.startsWith('//') ? r : '/admin/index'
