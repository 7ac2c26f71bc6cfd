import { msg } from '@lingui/core/macro'
import { errorText } from '#client/lib/http'
import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { SpinLoading } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { useEffect, useRef } from 'react'
import { translate } from '#client/lib/i18n'
import { storeTokens } from '#client/lib/session-tokens'
import { postWxLogin } from '../api/post-wx-login.ts'
import { endFlow, outcomeOf, readFlow, safeRedirect, updateFlow } from '../wx-flow.ts'
import './auth.css'

/** `/callback?code=&state=`: turns the provider's code into one of the four outcomes of SPEC §4. */
export function WxCallbackPage({ code, state }: { code: string; state: string }) {
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const fail = async (text: string) => {
      endFlow()
      Toast.show({ icon: 'fail', content: text, duration: 3000 })
      await navigate({ to: '/login', replace: true })
    }
    const flow = readFlow()
    if (!flow || !code || flow.state !== state) {
      void fail(translate(msg`The WeChat sign-in could not be verified; please try again`))
      return
    }
    postWxLogin(code).then(
      async (r) => {
        switch (outcomeOf(r)) {
          case 1:
            storeTokens(r.LoginList[0]!)
            endFlow()
            await navigate({ href: safeRedirect(flow.redirect), replace: true })
            return
          case 2:
            updateFlow({ ticket: r.Ticket, accounts: r.LoginList.map((a) => a.LoginName) })
            await navigate({
              to: '/selectaccount',
              search: { accounts: r.LoginList.map((a) => a.LoginName).join(',') },
              replace: true,
            })
            return
          case 3:
            await fail(translate(msg`This WeChat account is not bound to any account`))
            return
          case 4:
            updateFlow({ ticket: r.Ticket })
            await navigate({ to: '/wxbd', replace: true })
        }
      },
      (e: unknown) => void fail(errorText(e, String(e))),
    )
  }, [code, state, navigate])
  return (
    <div className="auth-page">
      <div className="auth-card auth-center">
        <SpinLoading />
        <p>
          <Trans>Signing in with WeChat…</Trans>
        </p>
      </div>
    </div>
  )
}
