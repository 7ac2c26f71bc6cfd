import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import {
  onwardAfterForcedChange,
  useOnwardAfterForcedChange,
} from '#client/features/auth/components/forced-change-onward'
import { renderRoutes } from './render-in-router.tsx'

/** The personal centre's part that matters here: the flag, cleared by a successful change. */
function Probe({ redirect, initial = true }: { redirect?: string; initial?: boolean }) {
  const [mustChange, setMustChange] = useState(initial)
  useOnwardAfterForcedChange(mustChange, redirect)
  return (
    <button type="button" onClick={() => setMustChange(false)}>
      changed
    </button>
  )
}

const pages = (redirect?: string, initial?: boolean) => ({
  '/setting/personalCenter': () => <Probe redirect={redirect} initial={initial} />,
  '/order/order': () => <p>orders page</p>,
})

describe('after the forced first password change', () => {
  it('opens the page the user asked for (redirect=)', async () => {
    const { router } = renderRoutes('/setting/personalCenter', pages('/order/order?x=1'))
    fireEvent.click(await screen.findByText('changed'))
    await screen.findByText('orders page')
    expect(router.state.location.href).toBe('/order/order?x=1')
  })

  it('stays on the personal centre without a target, or when the change was not forced', async () => {
    const { router } = renderRoutes('/setting/personalCenter', pages(undefined))
    fireEvent.click(await screen.findByText('changed'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/personalCenter'))
    expect(screen.queryByText('orders page')).toBeNull()
  })

  it('never leaves the site, and never loops back to the personal centre', () => {
    expect(onwardAfterForcedChange('//evil.example/x')).toBe('/admin/index')
    expect(onwardAfterForcedChange('https://evil.example/')).toBe('/admin/index')
    expect(onwardAfterForcedChange('/setting/personalCenter')).toBeUndefined()
    expect(onwardAfterForcedChange('/ship/ship')).toBe('/ship/ship')
  })
})
