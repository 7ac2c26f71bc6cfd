import type { TestApp } from './test-app.ts'

export type Answer<T = unknown> = {
  status: number
  code: number
  msg: string
  data: T
  errors?: Record<string, string>
}

/** POSTs a JSON body to an API path as the holder of `token` (none: anonymous). */
export async function post<T = unknown>(
  t: TestApp,
  token: string | undefined,
  path: string,
  body: unknown = {},
  lang = 'zh',
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), lang },
    payload: body as Record<string, unknown>,
  })
  const json = res.json() as Omit<Answer<T>, 'status'>
  return { status: res.statusCode, ...json }
}

/** One PostCommon operation. */
export const postCommon = (
  t: TestApp,
  token: string,
  postUrl: string,
  postData: Record<string, unknown[]>,
  lang = 'zh',
) =>
  post<{ inserted: number; updated: number; removed: number }>(
    t,
    token,
    'PostData/PostCommon',
    { postUrl, postData },
    lang,
  )
