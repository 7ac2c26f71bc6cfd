import { msg } from '@lingui/core/macro'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { envelope } from '#shared/contract/envelope'
import { menuList, type MenuItem } from '#shared/contract/menu'
import { postCall } from '#client/lib/http'
import { translate } from '#client/lib/i18n'
import { normalizeMenu } from '../menu-tree.ts'

/** The menu answer is not a route list (SPEC §8 "route format returned wrong"). */
export class MenuFormatError extends Error {
  constructor() {
    super('route format returned wrong')
    this.name = 'MenuFormatError'
  }
}

const looseAnswer = envelope(z.unknown())

/**
 * `Menu/GetUserMenuList`: the signed-in user's menu tree, paths made absolute. An answer that is
 * not a route list shows the error toast of SPEC §8 and fails.
 */
export async function getUserMenuList(): Promise<MenuItem[]> {
  const { data } = await postCall('Menu/GetUserMenuList', looseAnswer, {})
  const parsed = Array.isArray(data) ? menuList.safeParse(data) : undefined
  if (!parsed?.success) {
    const content = translate(msg`The route format returned is wrong`)
    void import('#client/components/feedback/toast').then(({ Toast }) =>
      Toast.show({ icon: 'fail', content, duration: 3000 }),
    )
    throw new MenuFormatError()
  }
  return normalizeMenu(parsed.data)
}

export const userMenuQueryOptions = () =>
  queryOptions({
    queryKey: ['shell', 'user-menu'],
    queryFn: getUserMenuList,
    staleTime: 5 * 60_000,
    retry: false,
  })

/** The menu for the shell; an empty menu while it is missing or broken. */
export function useUserMenu(): MenuItem[] {
  const { data } = useQuery(userMenuQueryOptions())
  return data ?? empty
}

const empty: MenuItem[] = []

/** When this page (re)loaded: menu data older than this came from the saved copy. */
const pageLoadedAt = Date.now()

/**
 * The menu for the staff guard: cached or fetched; undefined when it cannot be had (offline
 * without a copy, or a wrong format, already reported), so the shell still opens.
 */
export async function loadUserMenu(queryClient: QueryClient): Promise<MenuItem[] | undefined> {
  try {
    const saved = queryClient.getQueryState(userMenuQueryOptions().queryKey)
    // a copy saved before this page load may be out of date (an admin changed the role):
    // use it now, so the shell opens at once and offline, and fetch the current one behind it
    if (saved?.data !== undefined && saved.dataUpdatedAt < pageLoadedAt && navigator.onLine) {
      void queryClient.refetchQueries(
        { queryKey: userMenuQueryOptions().queryKey },
        { cancelRefetch: false },
      )
    }
    return await queryClient.ensureQueryData(userMenuQueryOptions())
  } catch {
    return undefined
  }
}
