import { Trans, useLingui } from '@lingui/react/macro'
import { Toast } from 'antd-mobile'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { useVisitorMessages } from '../api/get-visitor-messages.ts'
import { useHandleMessages } from '../api/post-handle-messages.ts'
import './content.css'

type Filter = 'all' | 'open' | 'handled'
const pageSize = 20

/**
 * /admin/leaving: what visitors wrote on the contact page, newest first; filter handled or
 * not; mark a message handled (or open again). Phone-friendly cards at every width.
 */
export function VisitorMessagesPage() {
  const { t, i18n } = useLingui()
  const [filter, setFilter] = useState<Filter>('open')
  const [pageIndex, setPageIndex] = useState(1)
  const list = useVisitorMessages({ pageIndex, pageSize, ...(filter === 'all' ? {} : { handled: filter === 'handled' }) })
  const { handle, isPending } = useHandleMessages()
  const canEdit = useCan()(contentPermission)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  const filters: [Filter, string][] = [
    ['open', t`Not handled`],
    ['handled', t`Handled`],
    ['all', t`All`],
  ]

  const toggle = async (id: number, handled: boolean) => {
    try {
      await handle([id], handled)
      Toast.show({ icon: 'success', content: handled ? t`Marked as handled` : t`Marked as not handled`, duration: 3000 })
    } catch (e) {
      Toast.show({ icon: 'fail', content: e instanceof Error ? e.message : t`The changes could not be saved`, duration: 3000 })
    }
  }

  if (list.isError && !list.data) return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <section className="content-page" data-testid="visitor-messages">
      <h1>
        <Trans>Visitor messages</Trans>
      </h1>
      <div className="content-filters" role="group" aria-label={t`Filter`}>
        {filters.map(([key, label]) => (
          <button key={key} type="button" aria-pressed={filter === key} onClick={() => (setFilter(key), setPageIndex(1))}>
            {label}
          </button>
        ))}
      </div>
      {list.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      {list.data && list.data.result.length === 0 ? <p className="content-state">{t`No messages`}</p> : null}
      <ul className="content-cards">
        {list.data?.result.map((m) => (
          <li key={m.Id} className={`content-card${m.Handled ? '' : ' is-open'}`} data-testid="visitor-message" data-id={m.Id}>
            <header>
              <strong>{m.Name}</strong>
              {m.Company ? <span>{m.Company}</span> : null}
              <time dateTime={m.CreateTime}>{i18n.date(m.CreateTime, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </header>
            <p className="content-message">{m.Message}</p>
            <footer>
              <a href={`tel:${m.Phone}`}>{m.Phone}</a>
              {m.Email ? <a href={`mailto:${m.Email}`}>{m.Email}</a> : null}
              {canEdit ? (
                <button type="button" disabled={isPending} onClick={() => void toggle(m.Id, !m.Handled)} data-testid="visitor-message-toggle">
                  {m.Handled ? t`Mark as not handled` : t`Mark as handled`}
                </button>
              ) : null}
            </footer>
          </li>
        ))}
      </ul>
      <nav className="content-pager" aria-label={t`Pages`}>
        <button type="button" disabled={pageIndex <= 1} onClick={() => setPageIndex((p) => p - 1)}>{t`Previous`}</button>
        <span>{t`Page ${pageIndex} of ${pages}`}</span>
        <button type="button" disabled={pageIndex >= pages} onClick={() => setPageIndex((p) => p + 1)}>{t`Next`}</button>
      </nav>
    </section>
  )
}
