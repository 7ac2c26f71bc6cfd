import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { safeRedirect } from '../wx-flow.ts'

/**
 * Where a user goes once a temporary password is changed: the page the staff guard was asked
 * for (`redirect=`, same-origin paths only); none when it was the personal centre itself.
 */
export function onwardAfterForcedChange(redirect: string | undefined): string | undefined {
  if (!redirect) return undefined
  const to = safeRedirect(redirect)
  return to.startsWith('/setting/personalCenter') ? undefined : to
}

/** Opens the `redirect=` page when the "must change the password" flag clears on this screen. */
export function useOnwardAfterForcedChange(mustChange: boolean, redirect: string | undefined) {
  const navigate = useNavigate()
  const forced = useRef(mustChange)
  useEffect(() => {
    if (mustChange) {
      forced.current = true
      return
    }
    if (!forced.current) return
    forced.current = false
    const to = onwardAfterForcedChange(redirect)
    if (to) void navigate({ href: to, replace: true })
  }, [mustChange, redirect, navigate])
}
