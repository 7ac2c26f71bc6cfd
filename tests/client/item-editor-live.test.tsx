import { useQuery } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PostCommonBody } from '#shared/contract/post-common'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { ItemListPage } from '#client/components/item-editor/item-list-page'
import { publishVersion } from '#client/lib/record-versions'
import { renderRoutes } from './render-in-router.tsx'

type News = { Id: number; Title: string; Summary: string; RowVersion: number }

const fields: FieldDef[] = [
  { name: 'Title', label: '标题', type: 'text' },
  { name: 'Summary', label: '摘要', type: 'text' },
]

/** A news list over `stored` (read again on each refetch), its saves kept in `sent`. */
function newsScreen(first: News) {
  const state = { stored: [first], sent: [] as PostCommonBody['postData'][] }
  function Screen() {
    // the query reads what the server "stores" now, like a list call on each refetch
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    const query = useQuery({ queryKey: ['news-live'], queryFn: () => [...state.stored] })
    return (
      <ItemListPage<News>
        name="news"
        labels={['添加', '编辑']}
        items={query.data}
        query={query}
        row={(n) => ({ title: n.Title })}
        fields={fields}
        initial={(n): FormValues => ({ Title: n?.Title ?? '', Summary: n?.Summary ?? '' })}
        record={(v) => v}
        save={async (postData) => void state.sent.push(postData)}
        canEdit
        history="News"
      />
    )
  }
  // the editor's leave guard needs a router
  renderRoutes('/news', { '/news': Screen })
  return state
}

const input = (name: string) =>
  screen.getByTestId('news-form').querySelector(`[name=${name}]`) as HTMLInputElement

describe('a content editor open while someone else saves the item', () => {
  it('shows the new value of the field not edited, keeps the typed one, and saves only the typed field from the new version', async () => {
    const state = newsScreen({ Id: 5, Title: '新品发布', Summary: '旧摘要', RowVersion: 2 })
    fireEvent.click(await screen.findByTestId('admin-news'))
    await screen.findByTestId('news-form')
    fireEvent.change(input('Title'), { target: { value: '新品发布会' } })

    state.stored = [{ Id: 5, Title: '新品发布', Summary: '办公室的新摘要', RowVersion: 3 }]
    act(() => publishVersion({ type: 'version', recordType: 'News', Id: 5, RowVersion: 3 }))
    await waitFor(() => expect(input('Summary').value).toBe('办公室的新摘要'))
    expect(input('Title').value).toBe('新品发布会')

    fireEvent.click(screen.getByTestId('news-form-save'))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toEqual({
      updateRecords: [{ Id: 5, Title: '新品发布会', RowVersion: 3 }],
    })
  })

  it('a message about another item leaves the open editor alone', async () => {
    const state = newsScreen({ Id: 5, Title: '新品发布', Summary: '旧摘要', RowVersion: 2 })
    fireEvent.click(await screen.findByTestId('admin-news'))
    await screen.findByTestId('news-form')
    state.stored = [{ Id: 5, Title: '新品发布', Summary: '不该出现', RowVersion: 3 }]
    act(() => publishVersion({ type: 'version', recordType: 'News', Id: 6, RowVersion: 1 }))
    act(() => publishVersion({ type: 'version', recordType: 'Product', Id: 5, RowVersion: 9 }))
    fireEvent.change(input('Title'), { target: { value: '新品发布会' } })
    expect(input('Summary').value).toBe('旧摘要')
    fireEvent.click(screen.getByTestId('news-form-save'))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toEqual({
      updateRecords: [{ Id: 5, Title: '新品发布会', RowVersion: 2 }],
    })
  })
})
