import { Trans, useLingui } from '@lingui/react/macro'
import { contentPermission } from '#shared/permissions'
import { PageError } from '#client/components/feedback/page-error'
import { useCan } from '#client/features/auth/components/permission'
import { useVisitorMessages } from '../api/get-visitor-messages.ts'
import { useHandleMessages } from '../api/post-handle-messages.ts'
import { FilteredCardList, usePagedFilter } from './filtered-card-list.tsx'
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
  const { filter, pageIndex, paging } = usePagedFilter<Filter>('open', pageSize)
  const list = useVisitorMessages({
    pageIndex,
    pageSize,
    ...(filter === 'all' ? {} : { handled: filter === 'handled' }),
  })
  const actions = useHandleMessages()
  const canEdit = useCan()(contentPermission)
  const filters: [Filter, string][] = [
    ['open', t`Not handled`],
    ['handled', t`Handled`],
    ['all', t`All`],
  ]

  if (list.isError && !list.data)
    return <PageError error={list.error} reset={() => void list.refetch()} />
  return (
    <section className="content-page" data-testid="visitor-messages">
      <h1>
        <Trans>Visitor messages</Trans>
      </h1>
      <FilteredCardList
        {...paging}
        filters={filters}
        total={list.data?.total}
        loading={list.isPending}
        empty={t`No messages`}
      >
        {list.data?.result.map((m) => (
          <VisitorMessageCard key={m.Id} m={m} canEdit={canEdit} actions={actions} />
        ))}
      </FilteredCardList>
    </section>
  )
}
