import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { ContactAdminPage } from '#client/features/content/components/contact-admin-page'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const users = {
  editor: {
    LoginName: 'editor',
    Role: 'editor',
    RealName: 'Ed',
    Avatar: '',
    Abilities: ['READ', 'CONTENT'],
    MustChangePassword: false,
  },
  staff: {
    LoginName: 'staff',
    Role: 'staff',
    RealName: 'Sam',
    Avatar: '',
    Abilities: ['READ', 'ORDERS'],
    MustChangePassword: false,
  },
} satisfies Record<string, UserInfo>

const contact = {
  Company: '江苏锻联精密机械有限公司',
  CompanyEn: '',
  Address: '常州市武进区',
  AddressEn: 'Wujin, Changzhou',
  Phone: '0519-88886601',
  Fax: '',
  Mail: 'sales@forgeline.example',
  Website: '',
  Qr1: '',
  Qr1Title: '',
  Qr1TitleEn: '',
  Qr2: '',
  Qr2Title: '',
  Qr2TitleEn: '',
  UpdateTime: '2025-01-01T00:00:00.000Z',
  RowVersion: 3,
}

/** The server of these calls: the contact record, translation on or off, and what was posted. */
function contentServer(translation: boolean) {
  const posted: { url: string; body: unknown }[] = []
  server.use(
    mswHttp.post(`${api}/Contact/GetAdmin`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: contact }),
    ),
    mswHttp.post(`${api}/CommonData/TranslateStatus`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: { enabled: translation } }),
    ),
    mswHttp.post(`${api}/CommonData/TranslateGeneral`, async ({ request }) => {
      const body = (await request.json()) as { text: string }
      posted.push({ url: 'TranslateGeneral', body })
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { text: 'Jiangsu Forgeline Precision Machinery Co., Ltd.' },
      })
    }),
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      posted.push({ url: 'PostCommon', body: await request.json() })
      return HttpResponse.json({ code: 200, msg: 'ok', data: { updated: 1 } })
    }),
  )
  return posted
}

function renderAs(user: UserInfo) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(userInfoQueryOptions().queryKey, user)
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ContactAdminPage />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

describe('contact information screen', () => {
  it('without the content ability: the record is shown read-only, with no save or translate control', async () => {
    contentServer(true)
    renderAs(users.staff)
    await waitFor(() =>
      expect((screen.getByLabelText(/^公司名称（中文）/) as HTMLInputElement).value).toBe(
        contact.Company,
      ),
    )
    expect((screen.getByLabelText(/^公司名称（中文）/) as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByTestId('contact-form-save')).toBeNull()
    expect(screen.queryByTestId('translate-Company')).toBeNull()
  })

  it('translation not configured: the editor can save but sees no translate action; the empty English name is flagged', async () => {
    contentServer(false)
    renderAs(users.editor)
    await waitFor(() => expect(screen.getByTestId('contact-form-save')).toBeTruthy())
    expect(screen.getByText('缺英文')).toBeTruthy()
    expect(screen.queryByTestId('translate-Company')).toBeNull()
  })

  it('translation configured: translate fills the English field through TranslateGeneral and the save sends only the change', async () => {
    const posted = contentServer(true)
    renderAs(users.editor)
    const translate = await screen.findByTestId('translate-Company')
    fireEvent.click(translate)
    await waitFor(() =>
      expect((screen.getByLabelText(/^公司名称（英文）/) as HTMLInputElement).value).toBe(
        'Jiangsu Forgeline Precision Machinery Co., Ltd.',
      ),
    )
    expect(posted[0]).toEqual({
      url: 'TranslateGeneral',
      body: { text: contact.Company, source: 'zh', target: 'en' },
    })
    fireEvent.click(screen.getByTestId('contact-form-save'))
    await waitFor(() => expect(posted).toHaveLength(2))
    expect(posted[1]).toMatchObject({
      url: 'PostCommon',
      body: {
        postUrl: 'SaveContact',
        postData: {
          // with the version the form opened on (someone else's change since is not overwritten)
          updateRecords: [
            { CompanyEn: 'Jiangsu Forgeline Precision Machinery Co., Ltd.', RowVersion: 3 },
          ],
        },
      },
    })
  })
})
