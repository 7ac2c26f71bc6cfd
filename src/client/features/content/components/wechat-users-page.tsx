import { useLingui } from '@lingui/react/macro'
import { errorText } from '#client/lib/http'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import type { WechatUserRow } from '#shared/contract/wechat-admin'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { useContentSave } from '../api/post-content-save.ts'
import { useWechatUsers, wechatUsersKey } from '../api/get-wechat-users.ts'
import { FilteredCardList, usePagedFilter } from './filtered-card-list.tsx'
import './content.css'

type Filter = 'all' | 'active' | 'banned'
const pageSize = 20

/**
 * /admin/wxUserManagement: WeChat identities (nickname, avatar, bound accounts, created), searched
 * by nickname, open id or account; ban or unban (a banned identity cannot sign in); admins bind
 * an identity to an account by its login name, or unbind it.
 */
export function WechatUsersPage() {
  const { t, i18n } = useLingui()
  const [keyword, setKeyword] = useState('')
  const { filter, pageIndex, paging } = usePagedFilter<Filter>('all', pageSize)
  const list = useWechatUsers({
    pageIndex,
    pageSize,
    keyword: keyword || undefined,
    ...(filter === 'all' ? {} : { ban: filter === 'banned' }),
  })
  const can = useCan()
  const canEdit = can(contentPermission)
  const canBind = can(['admin'])
  const ban = useContentSave('SaveWechatUser', [wechatUsersKey])
  const bind = useContentSave('SaveWechatBinding', [wechatUsersKey])
  const filters: [Filter, string][] = [
    ['all', t`All`],
    ['active', t`Allowed`],
    ['banned', t`Banned`],
  ]

  const run = async (action: Promise<unknown>, done: string) => {
    try {
      await action
      Toast.show({ icon: 'success', content: done, duration: 3000 })
      return true
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: errorText(e, t`The changes could not be saved`),
        duration: 3000,
      })
      return false
    }
  }

  if (list.isError && !list.data)
    return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <section className="content-page" data-testid="wechat-users">
      <h1>{t`WeChat users`}</h1>
      <div className="content-filters">
        <input
          type="search"
          className="grid-input content-search"
          placeholder={t`Nickname, open id or account`}
          aria-label={t`Search`}
          onKeyDown={(e) =>
            e.key === 'Enter' && (setKeyword(e.currentTarget.value.trim()), paging.onPage(1))
          }
        />
      </div>
      <FilteredCardList
        {...paging}
        filters={filters}
        total={list.data?.total}
        loading={list.isPending}
        empty={t`Nothing found`}
      >
        {list.data?.result.map((u) => (
          <WechatUserCard
            key={u.Id}
            user={u}
            created={i18n.date(u.CreateTime, { dateStyle: 'medium' })}
            canEdit={canEdit}
            canBind={canBind}
            busy={ban.isPending || bind.isPending}
            onBan={(on) =>
              void run(
                ban.save({ updateRecords: [{ Id: u.Id, Ban: on }] }),
                on ? t`Banned` : t`Allowed again`,
              )
            }
            onBind={(loginName) =>
              run(
                bind.save({ insertRecords: [{ WechatUserId: u.Id, LoginName: loginName }] }),
                t`Bound`,
              )
            }
            onUnbind={(userId) =>
              void run(
                bind.save({ removeRecords: [{ WechatUserId: u.Id, UserId: userId }] }),
                t`Unbound`,
              )
            }
          />
        ))}
      </FilteredCardList>
    </section>
  )
}

type CardProps = {
  user: WechatUserRow
  created: string
  canEdit: boolean
  canBind: boolean
  busy: boolean
  onBan: (on: boolean) => void
  onBind: (loginName: string) => Promise<boolean>
  onUnbind: (userId: number) => void
}

function WechatUserCard({
  user: u,
  created,
  canEdit,
  canBind,
  busy,
  onBan,
  onBind,
  onUnbind,
}: CardProps) {
  const { t } = useLingui()
  const [login, setLogin] = useState('')
  return (
    <li
      className={`content-card wechat-card${u.Ban ? ' is-banned' : ''}`}
      data-testid="wechat-user"
      data-id={u.Id}
    >
      <header>
        {u.Avatar ? (
          <img src={u.Avatar} alt="" width={40} height={40} className="wechat-avatar" />
        ) : (
          <span className="wechat-avatar" />
        )}
        <strong>{u.NickName || t`(no nickname)`}</strong>
        {u.Ban ? <span className="content-flag">{t`Banned`}</span> : null}
        <time dateTime={u.CreateTime}>{created}</time>
      </header>
      <p className="wechat-openid">{u.OpenId}</p>
      <ul className="wechat-accounts" aria-label={t`Bound accounts`}>
        {u.Accounts.length === 0 ? <li className="content-state">{t`No bound account`}</li> : null}
        {u.Accounts.map((a) => (
          <li key={a.UserId}>
            <span>
              {a.LoginName}
              {a.RealName ? ` (${a.RealName})` : ''}
            </span>
            {canBind ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => onUnbind(a.UserId)}
                data-testid="wechat-unbind"
              >
                {t`Unbind`}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <footer>
        {canBind ? (
          <form
            className="wechat-bind"
            onSubmit={(e) => {
              e.preventDefault()
              if (login.trim()) void onBind(login.trim()).then((ok) => ok && setLogin(''))
            }}
          >
            <input
              className="grid-input content-search"
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              placeholder={t`Account`}
              aria-label={t`Account to bind`}
              name="LoginName"
            />
            <button type="submit" disabled={busy || login.trim() === ''} data-testid="wechat-bind">
              {t`Bind`}
            </button>
          </form>
        ) : null}
        {canEdit ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => onBan(!u.Ban)}
            data-testid="wechat-ban"
          >
            {u.Ban ? t`Allow sign-in` : t`Ban`}
          </button>
        ) : null}
      </footer>
    </li>
  )
}
