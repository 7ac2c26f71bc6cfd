import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { ChangePasswordForm } from '#client/features/auth/components/change-password-form'
import { PersonalCenter } from '#client/features/auth/components/personal-center'
import { activateLocale } from '#client/lib/i18n'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()
let posted: unknown[] = []

serveDuringTests(server)
beforeEach(async () => {
  posted = []
  // the personal centre also lists the WeChat bindings (none here)
  server.use(
    mswHttp.get(`${api}/User/WxBindings`, () =>
      HttpResponse.json({ code: 200, msg: 'ok', data: [] }),
    ),
  )
  await activateLocale('en')
})

const me: UserInfo = {
  LoginName: 'staff',
  Role: 'staff',
  RealName: 'Sam Worker',
  Avatar: '',
  Abilities: ['READ', 'ORDERS'],
  MustChangePassword: true,
}

/** The call answers like the real server: 10000 on success, 500 with a message on a wrong current password. */
function passwordServer(currentPassword = 'old-secret') {
  server.use(
    mswHttp.post(`${api}/User/ModifyMyPass`, async ({ request }) => {
      const body = (await request.json()) as { oldPass: string; newPass: string }
      posted.push(body)
      if (body.oldPass !== currentPassword) {
        return HttpResponse.json({
          code: 500,
          msg: 'The current password is incorrect',
          data: null,
        })
      }
      return HttpResponse.json({ code: 10000, msg: 'Password changed successfully', data: null })
    }),
  )
}

function renderWithUser(ui: ReactNode, user: UserInfo = me) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(userInfoQueryOptions().queryKey, user)
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  )
  return { ...view, queryClient }
}

const input = (name: string) => {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`)
  if (!el) throw new Error(`no input ${name}`)
  return el
}
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(input(name), { target: { value } })
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }))

describe('<ChangePasswordForm>', () => {
  it('renders password inputs with autocomplete hints', () => {
    renderWithUser(<ChangePasswordForm />)
    expect(input('oldPass').type).toBe('password')
    expect(input('oldPass').autocomplete).toBe('current-password')
    expect(input('newPass').type).toBe('password')
    expect(input('newPass').autocomplete).toBe('new-password')
    expect(input('confirmPass').type).toBe('password')
    expect(input('confirmPass').autocomplete).toBe('new-password')
  })

  it('blocks a new password shorter than 8 characters without calling the server', async () => {
    passwordServer()
    const { queryClient } = renderWithUser(<ChangePasswordForm />)
    fill({ oldPass: 'old-secret', newPass: 'short7!', confirmPass: 'short7!' })
    submit()
    expect(await screen.findByText('The password must have at least 8 characters')).toBeTruthy()
    // a request would be a mutation started by the submit, pending or already sent
    expect(queryClient.isMutating()).toBe(0)
    expect(posted).toEqual([])
  })

  it('blocks a confirmation that does not match without calling the server', async () => {
    passwordServer()
    const { queryClient } = renderWithUser(<ChangePasswordForm />)
    fill({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-2' })
    submit()
    expect(await screen.findByText('The two new passwords do not match')).toBeTruthy()
    // a request would be a mutation started by the submit, pending or already sent
    expect(queryClient.isMutating()).toBe(0)
    expect(posted).toEqual([])
  })

  it('requires the current password', async () => {
    passwordServer()
    const { queryClient } = renderWithUser(<ChangePasswordForm />)
    fill({ newPass: 'new-secret-1', confirmPass: 'new-secret-1' })
    submit()
    expect(await screen.findByText('This field is required')).toBeTruthy()
    // a request would be a mutation started by the submit, pending or already sent
    expect(queryClient.isMutating()).toBe(0)
    expect(posted).toEqual([])
  })

  it("shows the server's message when the current password is wrong and keeps the input", async () => {
    passwordServer('old-secret')
    renderWithUser(<ChangePasswordForm />)
    fill({ oldPass: 'not-it', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })
    submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('The current password is incorrect')
    // the toast shows the code with the message (SPEC §8 "500 or 0")
    expect(await screen.findByText('500: The current password is incorrect')).toBeTruthy()
    expect(posted).toEqual([{ oldPass: 'not-it', newPass: 'new-secret-1' }])
    expect(input('newPass').value).toBe('new-secret-1')
  })

  it('shows server field errors under their fields', async () => {
    server.use(
      mswHttp.post(`${api}/User/ModifyMyPass`, () =>
        HttpResponse.json(
          { code: 400, msg: 'Bad request', data: null, errors: { newPass: 'passwordTooShort' } },
          { status: 400 },
        ),
      ),
    )
    renderWithUser(<ChangePasswordForm />)
    fill({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })
    submit()
    expect(await screen.findByText('The password must have at least 8 characters')).toBeTruthy()
    // the field's message is an alert too: the form's own message is the one above the fields
    expect((await screen.findByTestId('change-password-error')).textContent).toBe('Bad request')
  })

  it('posts exactly {oldPass, newPass}, toasts the server message and clears the form', async () => {
    passwordServer('old-secret')
    const { queryClient } = renderWithUser(<ChangePasswordForm />)
    fill({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })
    submit()
    expect(await screen.findByText('Password changed successfully')).toBeTruthy()
    expect(posted).toEqual([{ oldPass: 'old-secret', newPass: 'new-secret-1' }])
    await waitFor(() => expect(input('oldPass').value).toBe(''))
    expect(input('newPass').value).toBe('')
    expect(input('confirmPass').value).toBe('')
    expect(
      queryClient.getQueryData<UserInfo>(userInfoQueryOptions().queryKey)?.MustChangePassword,
    ).toBe(false)
  })
})

describe('<PersonalCenter>', () => {
  it('shows the profile and asks to change the password when the account must', async () => {
    passwordServer('old-secret')
    renderWithUser(<PersonalCenter />)
    expect(screen.getByRole('heading', { name: 'Sam Worker' })).toBeTruthy()
    expect(screen.getByTestId('pc-login-name').textContent).toBe('staff')
    expect(screen.getByTestId('pc-role').textContent).toBe('Shop-floor staff')
    expect(screen.getByText('SW')).toBeTruthy()
    expect(screen.getByTestId('must-change-password')).toBeTruthy()
    expect(await screen.findByText('No WeChat account can sign in as you.')).toBeTruthy()

    fill({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })
    submit()
    await waitFor(() => expect(screen.queryByTestId('must-change-password')).toBeNull())
  })

  it('shows the avatar image and no notice for an account with a chosen password', () => {
    const { container } = renderWithUser(<PersonalCenter />, {
      ...me,
      Avatar: '/avatars/sam.png',
      MustChangePassword: false,
    })
    expect(container.querySelector('img.pc-avatar')?.getAttribute('src')).toBe('/avatars/sam.png')
    expect(screen.queryByTestId('must-change-password')).toBeNull()
  })

  it("names the release: package.json's version", async () => {
    const { version } = (await import('../../package.json')).default
    renderWithUser(<PersonalCenter />, { ...me, MustChangePassword: false })
    expect(screen.getByTestId('pc-version').textContent).toBe(`Forgeline version ${version}`)
  })
})
