import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerMutationDefaults } from '#client/app/mutation-defaults'
import {
  leaveMessageKey,
  type LeaveMessageVariables,
} from '#client/features/site/api/post-leave-message'
import { DeliveredNotice } from '#client/features/site/components/delivered-notice'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'

/*
 * A contact message sent offline waits in the outbox; once it reaches the server the visitor is
 * told it arrived (before, the waiting pill just vanished). The mutation defaults announce it,
 * so a send replayed after a reload announces it too.
 */
const server = setupServer(
  http.post(`${apiBase}/PostData/PostFrontCommon`, () =>
    HttpResponse.json({ code: 200, msg: '留言成功', data: { Id: 9 } }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const fields = { Name: 'Li', Phone: '13800000000', Email: '', Company: '', Content: 'Price?' }

async function send(queuedOffline: boolean) {
  const queryClient = new QueryClient()
  registerMutationDefaults(queryClient)
  const observer = new MutationObserver<unknown, Error, LeaveMessageVariables>(queryClient, {
    mutationKey: leaveMessageKey,
  })
  await act(() =>
    observer.mutate({
      fields: fields as never,
      idempotencyKey: crypto.randomUUID(),
      queuedOffline,
    }),
  )
}

describe('a contact message sent offline, once delivered', () => {
  it('tells the visitor it arrived, on any public page', async () => {
    await activateLocale('en')
    render(
      <I18nProvider i18n={i18n}>
        <DeliveredNotice />
      </I18nProvider>,
    )
    expect(screen.queryByTestId('leave-message-delivered')).toBeNull()
    await send(true)
    expect((await screen.findByTestId('leave-message-delivered')).textContent).toContain(
      'has arrived',
    )
  })

  it('says nothing extra for a message sent online (the form already said it was sent)', async () => {
    await activateLocale('zh')
    render(
      <I18nProvider i18n={i18n}>
        <DeliveredNotice />
      </I18nProvider>,
    )
    await send(false)
    expect(screen.queryByTestId('leave-message-delivered')).toBeNull()
  })
})
