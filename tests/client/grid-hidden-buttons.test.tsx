import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { gridSaveKey } from '#client/features/orders/api/grid-keys'
import type { GridSaveVariables } from '#client/features/orders/api/post-grid-save'
import { allowedEdits } from '#client/features/orders/grid/grid-guard'
import { addRow, emptyEdits, removeRows, setCell } from '#client/features/orders/grid/grid-edits'
import { refusalsOf, useOutboxRefusals } from '#client/features/orders/grid/outbox-refusals'
import { ApiError } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { gridPermissions } from '#shared/grid-permissions'

beforeEach(() => activateLocale('en'))
afterEach(() => activateLocale('zh'))

const edits = () => removeRows(setCell(addRow(emptyEdits, { OrderNo: 'N' }), 5, 'Remark', 'x'), [7])
const shown = (...strings: string[]) => gridPermissions(strings).buttonShown

describe('a save carries only what the role may do (hidden Add and Delete)', () => {
  it('is the same edits when every button is shown', () => {
    const e = edits()
    expect(allowedEdits(e, shown())).toBe(e)
  })

  it('holds back removals without Delete and new rows without Add; changed cells still go', () => {
    const e = edits()
    const noDelete = allowedEdits(e, shown('button-delete-show-false'))
    expect(noDelete.removed).toEqual([])
    expect(noDelete.added).toHaveLength(1)
    expect(noDelete.changed).toEqual({ 5: { Remark: 'x' } })
    const noAdd = allowedEdits(e, shown('button-add-show-false'))
    expect(noAdd.added).toEqual([])
    expect(noAdd.removed).toEqual([7])
  })
})

const save = (postData: GridSaveVariables['postData']): GridSaveVariables => ({
  postUrl: 'SaveOrder',
  kind: 'Order',
  postData,
  idempotencyKey: 'k',
  queuedOffline: true,
})

describe('outbox saves refused after waiting (403 and other answers the user cannot fix)', () => {
  it('keeps a refused delete, a reused key and a server failure with their reasons; field errors and clashes go elsewhere', () => {
    const r = refusalsOf(
      [
        {
          mutationId: 1,
          variables: save({ removeRecords: [{ Id: 7 }] }),
          error: new ApiError(403, 'You may not delete orders'),
        },
        {
          mutationId: 2,
          variables: save({ updateRecords: [{ Id: 5, Remark: 'x' }] }),
          error: new ApiError(500, 'disk full'),
        },
        {
          mutationId: 3,
          variables: save({ updateRecords: [{ Id: 5 }] }),
          error: new ApiError(400, 'bad', { 'postData.updateRecords.0.Quantity': 'number' }),
        },
        {
          mutationId: 4,
          variables: save({ updateRecords: [{ Id: 5 }] }),
          error: new ApiError(409, 'changed', undefined, '/x', { conflicts: [] }),
        },
      ],
      'fallback',
    )
    expect(r.map((x) => x.mutationId)).toEqual([1, 2])
    expect(r[0]).toMatchObject({ removed: [7], changed: [], message: 'You may not delete orders' })
    // SPEC §8: a server failure keeps its code
    expect(r[1]).toMatchObject({ removed: [], changed: [5], message: '500: disk full' })
  })

  function Notices({ id }: { id: number }) {
    const { notice } = useOutboxRefusals('Order')
    return <div data-testid="notices">{notice(id)}</div>
  }

  it("shows a refused delete on the row's card with its reason until the user discards it", async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Notices id={7} />
        </QueryClientProvider>
      </I18nProvider>,
    )
    await act(() =>
      client
        .getMutationCache()
        .build(client, {
          mutationKey: gridSaveKey,
          mutationFn: () => Promise.reject(new ApiError(403, 'You may not delete orders')),
        })
        .execute(save({ removeRecords: [{ Id: 7 }] }))
        .catch(() => undefined),
    )
    const alert = await screen.findByTestId('grid-outbox-refused')
    expect(alert.textContent).toContain('Not deleted: You may not delete orders')
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByTestId('grid-outbox-refused')).toBeNull())
    expect(client.getMutationCache().getAll()).toHaveLength(0)
  })
})
