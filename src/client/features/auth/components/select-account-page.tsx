import { Trans } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Link, useNavigate } from '@tanstack/react-router'
import { List } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import { storeTokens } from '#client/lib/session-tokens'
import { postChooseWxLogin } from '../api/post-choose-wx-login.ts'
import { endFlow, readFlow, safeRedirect } from '../wx-flow.ts'
import './auth.css'

/** `/selectaccount?accounts=`: the WeChat identity has several accounts; pick one. */
export function SelectAccountPage({ accounts }: { accounts: string[] }) {
  const navigate = useNavigate()
  const flow = readFlow()
  const choose = async (name: string) => {
    try {
      storeTokens(await postChooseWxLogin(flow?.ticket ?? '', name))
      endFlow()
      await navigate({ href: safeRedirect(flow?.redirect), replace: true })
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
      await navigate({ to: '/login', replace: true })
    }
  }
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>
          <Trans>Choose an account</Trans>
        </h1>
        <List>
          {accounts.map((name) => (
            <List.Item
              key={name}
              clickable
              onClick={() => void choose(name)}
              data-testid="account-choice"
            >
              {name}
            </List.Item>
          ))}
        </List>
        <p className="auth-foot">
          <Link to="/login">
            <Trans>Back to sign-in</Trans>
          </Link>
        </p>
      </div>
    </div>
  )
}
