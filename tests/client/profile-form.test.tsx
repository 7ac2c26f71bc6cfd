import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { ProfileForm } from '#client/features/auth/components/profile-form'
import { activateLocale } from '#client/lib/i18n'
import { renderInProviders, testQueryClient } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

const api = 'http://localhost:3000/api'
const server = setupServer()
let posted: unknown[] = []

serveDuringTests(server)
beforeEach(() => {
  posted = []
  server.use(
    mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
      posted.push(await request.json())
      return HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: { inserted: 0, updated: 1, removed: 0 },
      })
    }),
  )
})

const me: UserInfo = {
  LoginName: 'staff',
  Role: 'staff',
  RealName: 'Sam Worker',
  Avatar: '',
  Abilities: ['READ'],
  MustChangePassword: false,
}

function renderForm() {
  const queryClient = testQueryClient()
  queryClient.setQueryData(userInfoQueryOptions().queryKey, me)
  renderInProviders(<ProfileForm me={me} />, { queryClient })
}
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const fill = (values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(input(name), { target: { value } })
}
const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"] .grid-cell-error`)?.textContent

describe('<ProfileForm> on the form builder', () => {
  for (const [locale, required] of [
    ['en', 'This field is required'],
    ['zh', '此项为必填项'],
  ] as const) {
    it(`refuses an empty real name and a bad e-mail with the shared messages (${locale}) and sends nothing`, async () => {
      await activateLocale(locale)
      renderForm()
      fill({ RealName: '', Email: 'li@@example' })
      fireEvent.click(screen.getByTestId('profile-save'))
      await waitFor(() => expect(errorOf('RealName')).toBe(required))
      if (locale === 'en') expect(errorOf('Email')).toBe('The e-mail format is incorrect')
      else expect(errorOf('Email')).toMatch(/邮/)
      expect(posted).toEqual([])
    })
  }

  it('asks for the code of a new mobile number, then saves the good values', async () => {
    await activateLocale('en')
    renderForm()
    expect((screen.getByTestId('profile-save') as HTMLButtonElement).disabled).toBe(true)
    fill({ RealName: 'Li Editor', Mobile: '13912345678' })
    fireEvent.click(screen.getByTestId('profile-save'))
    await waitFor(() => expect(errorOf('SmsCode')).toBe('Please input the phone verification code'))
    expect(posted).toEqual([])
    fill({ SmsCode: '246810' })
    fireEvent.click(screen.getByTestId('profile-save'))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({
      postUrl: 'SaveMyProfile',
      postData: {
        updateRecords: [{ RealName: 'Li Editor', Mobile: '13912345678', SmsCode: '246810' }],
      },
    })
    await waitFor(() => expect(input('SmsCode')).toBeNull())
  })
})
