import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { WxCallbackPage } from '#client/features/auth/components/wx-callback-page'

export const Route = createFileRoute('/callback')({
  staticData: { title: msg`WeChat sign-in` },
  validateSearch: (s: Record<string, unknown>): { code: string; state: string } => ({
    code: typeof s.code === 'string' ? s.code : '',
    state: typeof s.state === 'string' ? s.state : '',
  }),
  component: function CallbackRoute() {
    const { code, state } = Route.useSearch()
    return <WxCallbackPage code={code} state={state} />
  },
})
