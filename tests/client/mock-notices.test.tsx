import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { wsServerMessage } from '#shared/contract/notices'
import { NoticeBell } from '#client/features/notices/components/notice-bell'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { storeTokens } from '#client/lib/session-tokens'
import { mockHandlers } from '#client/mocks/handlers'
import { mockState, resetMockState } from '#client/mocks/state'
import { renderRoutes } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

const socketUrl = 'ws://localhost:3000/ws'
// the same handlers as `npm run dev:mock`, the /ws channel included
const server = setupServer(...mockHandlers(apiBase, socketUrl))

serveDuringTests(server, () => vi.restoreAllMocks())
beforeEach(async () => {
  resetMockState()
  await activateLocale('en')
})

function renderBell(user: 'admin' | 'editor' | 'test' = 'admin') {
  storeTokens({ Token: `mock-token-${user}`, RefreshToken: `mock-refresh-${user}` })
  renderRoutes('/', { '/': () => <p>home</p> }, { frame: <NoticeBell /> })
}

const messages = (panel: HTMLElement) =>
  within(panel)
    .getAllByTestId('notice-item')
    .map((li) => li.querySelector('.notice-msg')?.textContent)

async function openPanel() {
  fireEvent.click(await screen.findByTestId('notice-bell'))
  const panel = await screen.findByTestId('notice-panel')
  await within(panel).findAllByTestId('notice-item')
  return panel
}

describe('notice bell against the mock handlers', () => {
  it('lists the mock notices, newest first, with the unread count on the badge', async () => {
    renderBell()
    expect((await screen.findByTestId('notice-bell-count')).textContent).toBe('3')
    const panel = await openPanel()
    expect(messages(panel)).toEqual([
      'Order SO-2025-003 was created and waits for audit',
      'Purchase PO-0417 (order SO-2025-002) waits for audit',
      'Outsourcing OS-0208 (order SO-2025-002) passed audit',
    ])
    fireEvent.click(within(panel).getByText('Recently read'))
    await waitFor(() =>
      expect(within(panel).getByText('Shipment SH-0112 (order SO-2025-001) has left')).toBeTruthy(),
    )
  })

  it('View marks one notice read: the badge drops, the mock keeps it read for that user', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderBell()
    const panel = await openPanel()
    fireEvent.click(
      within(panel).getByRole('button', {
        name: 'View: Purchase PO-0417 (order SO-2025-002) waits for audit',
      }),
    )
    expect(open).toHaveBeenCalledWith(
      '/supplier/purchase?id=2&orderId=SO-2025-002',
      '_blank',
      'noopener',
    )
    await waitFor(() => expect(screen.getByTestId('notice-bell-count').textContent).toBe('2'))
    expect([...(mockState.readBy.get('admin') ?? [])]).toEqual([5])
    await waitFor(() =>
      expect(messages(panel)).not.toContain('Purchase PO-0417 (order SO-2025-002) waits for audit'),
    )
  })

  it('has no notices for an account that may not see orders (editor)', async () => {
    renderBell('editor')
    fireEvent.click(await screen.findByTestId('notice-bell'))
    expect(await screen.findByTestId('notice-empty')).toBeTruthy()
    expect(screen.queryByTestId('notice-bell-count')).toBeNull()
  })
})

describe('mock /ws channel', () => {
  const talk = (token: string) =>
    new Promise<{ messages: unknown[]; closed: boolean }>((resolve) => {
      const ws = new WebSocket(`${socketUrl}?lang=en`)
      const got: unknown[] = []
      let closed = false
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
      ws.onmessage = (e) => {
        got.push(wsServerMessage.parse(JSON.parse(String(e.data))))
        if (got.length === 1) ws.send(JSON.stringify({ type: 'ping' }))
      }
      ws.onclose = () => (closed = true)
      setTimeout(() => {
        ws.close()
        resolve({ messages: got, closed })
      }, 200)
    })

  it('accepts a mock token with ready and answers pings', async () => {
    const { messages: got, closed } = await talk('mock-token-admin')
    expect(got).toEqual([{ type: 'ready' }, { type: 'pong' }])
    expect(closed).toBe(false)
  })

  it('refuses an unknown token and closes', async () => {
    const { messages: got, closed } = await talk('forged')
    expect(got[0]).toMatchObject({ type: 'error', code: 401 })
    expect(closed).toBe(true)
  })
})
