import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DepartmentRow } from '#shared/contract/system-departments'
import { DepartmentsPage } from '#client/features/system/components/departments-page'
import { publishVersion } from '#client/lib/record-versions'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const row = (patch: Partial<DepartmentRow>): DepartmentRow => ({
  Id: 2,
  ParentId: null,
  ParentName: '',
  Name: '锻造车间',
  NameEn: 'Forge shop',
  ParentNameEn: '',
  Sort: 1,
  CreateTimeString: '2025-01-01 08:00:00',
  UserCount: 0,
  RowVersion: 4,
  ...patch,
})

type Sent = { record: Record<string, unknown>; key: string | null }

/**
 * The department list as the server has it now (`stored`), and the saves: the first answers
 * `first` (a clash), the others are applied.
 */
function departmentServer(first?: (record: Record<string, unknown>) => Response) {
  const state = { stored: row({}), sent: [] as Sent[] }
  server.use(
    mswHttp.post(`${api}/Department/GetList`, () =>
      HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { result: [state.stored], total: 1 },
      }),
    ),
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      const body = (await request.json()) as {
        postData: { updateRecords: Record<string, unknown>[] }
      }
      const record = body.postData.updateRecords[0]!
      state.sent.push({ record, key: request.headers.get('Idempotency-Key') })
      if (first && state.sent.length === 1) return first(record)
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { inserted: 0, updated: 1, removed: 0 },
      })
    }),
  )
  return state
}

/** 王丽 changed the Chinese name to 热处理车间 (version 6) after the form opened at 4. */
const clashOnName = (record: Record<string, unknown>) =>
  HttpResponse.json(
    {
      code: 409,
      msg: '记录已被他人修改',
      data: {
        conflicts: [
          {
            Id: 2,
            field: 'Name',
            base: '锻造车间',
            current: '热处理车间',
            currentBy: '王丽',
            currentAt: new Date().toISOString(),
            mine: record.Name,
            currentVersion: 6,
          },
        ],
      },
      errors: { 'postData.updateRecords.0.Name': '王丽 10:42 修改了此项' },
    },
    { status: 409 },
  )

async function openDepartment() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DepartmentsPage />
      </QueryClientProvider>
    </I18nProvider>,
  )
  fireEvent.click(await screen.findByTestId('department-edit'))
  const form = await screen.findByTestId('department-form')
  const input = (name: string) => form.querySelector(`[name=${name}]`) as HTMLInputElement
  return { form, input }
}

describe('a system settings form whose save is refused as a clash', () => {
  it('shows per field who changed it and both values; Keep mine saves the same change from the stored version with a new key', async () => {
    const state = departmentServer(clashOnName)
    const { form, input } = await openDepartment()
    fireEvent.change(input('Name'), { target: { value: '锻造一车间' } })
    fireEvent.click(within(form).getByTestId('department-save'))

    const notice = await within(form).findByTestId('clash')
    expect(notice.getAttribute('role')).toBe('alert')
    const line = notice.querySelector('li[data-field=Name]')!.textContent ?? ''
    expect(line).toContain('部门名称')
    expect(line).toContain('王丽')
    expect(line).toContain('热处理车间')
    expect(line).toContain('锻造一车间')
    expect(state.sent[0]!.record).toMatchObject({ Id: 2, Name: '锻造一车间', RowVersion: 4 })

    state.stored = row({ Name: '锻造一车间', RowVersion: 7 })
    fireEvent.click(within(notice).getByRole('button', { name: '保留我的' }))
    await waitFor(() => expect(state.sent).toHaveLength(2))
    expect(state.sent[1]!.record).toMatchObject({ Id: 2, Name: '锻造一车间', RowVersion: 6 })
    expect(state.sent[1]!.key).toBeTruthy()
    expect(state.sent[1]!.key).not.toBe(state.sent[0]!.key)
    // saved: the sheet closes
    await waitFor(() => expect(screen.queryByTestId('department-form')).toBeNull())
  })

  it('Take theirs opens the form again on the stored values and sends nothing', async () => {
    const state = departmentServer(clashOnName)
    const { form, input } = await openDepartment()
    fireEvent.change(input('Name'), { target: { value: '锻造一车间' } })
    fireEvent.click(within(form).getByTestId('department-save'))
    const notice = await within(form).findByTestId('clash')

    state.stored = row({ Name: '热处理车间', RowVersion: 6 })
    fireEvent.click(within(notice).getByRole('button', { name: '采用对方的' }))
    await waitFor(() =>
      expect(
        (screen.getByTestId('department-form').querySelector('[name=Name]') as HTMLInputElement)
          .value,
      ).toBe('热处理车间'),
    )
    expect(screen.queryByTestId('clash')).toBeNull()
    expect(state.sent).toHaveLength(1)
  })
})

describe('a system settings form open while someone else saves the record', () => {
  it('shows the new value of a field not edited, keeps the typed one, and the save merges from the new version', async () => {
    const state = departmentServer()
    const { form, input } = await openDepartment()
    fireEvent.change(input('Name'), { target: { value: '锻造一车间' } })

    state.stored = row({ NameEn: 'Forging shop', RowVersion: 5 })
    act(() => publishVersion({ type: 'version', recordType: 'Department', Id: 2, RowVersion: 5 }))
    await waitFor(() => expect(input('NameEn').value).toBe('Forging shop'))
    expect(input('Name').value).toBe('锻造一车间')

    fireEvent.click(within(form).getByTestId('department-save'))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]!.record).toMatchObject({
      Id: 2,
      Name: '锻造一车间',
      NameEn: 'Forging shop',
      RowVersion: 5,
    })
  })

  it('keeps the version it opened on when the other person changed the same field, so the save still clashes', async () => {
    const state = departmentServer()
    const { form, input } = await openDepartment()
    fireEvent.change(input('Name'), { target: { value: '锻造一车间' } })

    state.stored = row({ Name: '热处理车间', NameEn: 'Heat', RowVersion: 5 })
    act(() => publishVersion({ type: 'version', recordType: 'Department', Id: 2, RowVersion: 5 }))
    await waitFor(() => expect(input('NameEn').value).toBe('Heat'))
    expect(input('Name').value).toBe('锻造一车间')

    fireEvent.click(within(form).getByTestId('department-save'))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]!.record).toMatchObject({ Name: '锻造一车间', RowVersion: 4 })
  })
})
