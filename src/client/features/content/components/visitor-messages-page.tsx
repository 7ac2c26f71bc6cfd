import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { useVisitorMessages } from '../api/get-visitor-messages.ts'
import { useHandleMessages } from '../api/post-handle-messages.ts'
import { VisitorMessageCard } from './visitor-message-card.tsx'
import './content.css'
import './visitor-messages.css'

type Filter = 'all' | 'open' | 'handled'
const pageSize = 20

/**
 * /admin/leaving: what visitors wrote on the contact page, newest first; filter handled or
 * not; mark a message handled (or open again), write a reply/notes, delete spam.
 * Phone-friendly cards at every width.
 */
export function VisitorMessagesPage() {
  const { t } = useLingui()
  const [filter, setFilter] = useState<Filter>('open')
  const [pageIndex, setPageIndex] = useState(1)
  const list = useVisitorMessages({ pageIndex, pageSize, ...(filter === 'all' ? {} : { handled: filter === 'handled' }) })
  const actions = useHandleMessages()
  const canEdit = useCan()(contentPermission)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))
  const filters: [Filter, string][] = [
    ['open', t`Not handled`],
    ['handled', t`Handled`],
    ['all', t`All`],
  ]

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
          <VisitorMessageCard key={m.Id} m={m} canEdit={canEdit} actions={actions} />
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
