import { Trans, useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Dialog } from 'antd-mobile'
import { Toast } from '#client/components/feedback/toast'
import type { MyWxBinding } from '#shared/contract/wechat'
import { useWxBindings } from '../api/get-wx-bindings.ts'
import { useWxUnbind } from '../api/post-wx-unbind.ts'
import './wechat-bindings.css'

/**
 * Personal centre: the WeChat accounts that can sign in as me, each with Unbind. A binding
 * survives an administrator's password reset, so it is shown here where the user lands next.
 */
export function WechatBindings() {
  const { t, i18n } = useLingui()
  const list = useWxBindings()
  const unbind = useWxUnbind()
  const onUnbind = async (b: MyWxBinding) => {
    const ok = await Dialog.confirm({
      title: t`Warm tip`,
      content: t`Unbind the WeChat account ${b.NickName}? It will no longer sign in as you.`,
      confirmText: t`OK`,
      cancelText: t`Cancel`,
    })
    if (!ok) return
    try {
      await unbind.mutateAsync(b.WechatUserId)
      Toast.show({ icon: 'success', content: t`WeChat account unbound` })
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, String(e)) })
    }
  }
  const rows = list.data ?? []
  return (
    <section
      className="pc-card pc-wechat"
      aria-labelledby="pc-wechat-title"
      data-testid="wechat-bindings"
    >
      <h2 id="pc-wechat-title" className="pc-wechat-title">
        <Trans>WeChat sign-in</Trans>
      </h2>
      {list.isPending ? (
        <p className="pc-wechat-note">
          <Trans>Loading…</Trans>
        </p>
      ) : list.isError ? (
        <p className="pc-wechat-note" role="alert">
          {list.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="pc-wechat-note">
          <Trans>No WeChat account can sign in as you.</Trans>
        </p>
      ) : (
        <ul className="pc-wechat-list">
          {rows.map((b) => (
            <li key={b.WechatUserId} data-testid="wechat-binding">
              <span className="pc-wechat-name">{b.NickName || t`WeChat user`}</span>
              <span className="pc-wechat-time">{t`Bound ${new Date(b.BoundTime).toLocaleString(i18n.locale)}`}</span>
              <button
                type="button"
                className="pc-wechat-unbind"
                disabled={unbind.isPending}
                onClick={() => void onUnbind(b)}
              >
                <Trans>Unbind</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
