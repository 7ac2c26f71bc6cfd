import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { UserInfo } from '#shared/contract/auth'
import type { Requirement } from '#shared/acl'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { Permission, useCan, useGridPermissions } from '#client/features/auth/components/permission'

const users = {
  admin: {
    LoginName: 'admin',
    Role: 'admin',
    RealName: 'Admin',
    Avatar: '',
    Abilities: ['READ'],
    MustChangePassword: false,
  },
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

function renderAs(user: UserInfo, ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(userInfoQueryOptions().queryKey, user)
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  )
}

const contentOnly: Requirement = { ability: ['CONTENT'] }

function Guarded({ require }: { require: Requirement }) {
  return (
    <div>
      <span>always</span>
      <Permission require={require}>
        <button type="button">delete</button>
      </Permission>
    </div>
  )
}

describe('<Permission> (SPEC §6 element-level permission)', () => {
  it('removes the element for a staff user without the ability', () => {
    renderAs(users.staff, <Guarded require={contentOnly} />)
    expect(screen.getByText('always')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull()
  })

  it('shows the element to admin whatever the requirement', () => {
    renderAs(
      users.admin,
      <Guarded require={{ role: ['nobody'], ability: ['NOTHING'], mode: 'allOf' }} />,
    )
    expect(screen.getByRole('button', { name: 'delete' })).toBeTruthy()
  })

  it('shows the element to an editor holding the required ability', () => {
    renderAs(users.editor, <Guarded require={contentOnly} />)
    expect(screen.getByRole('button', { name: 'delete' })).toBeTruthy()
  })

  it('a plain list is a role list (oneOf); except denies the listed roles', () => {
    renderAs(users.editor, <Guarded require={['admin', 'staff']} />)
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull()
    renderAs(users.staff, <Guarded require={['admin', 'staff']} />)
    expect(screen.getAllByRole('button', { name: 'delete' })).toHaveLength(1)
  })

  it('useCan answers for the signed-in user', () => {
    function Probe() {
      const allowed = useCan()
      const reqs: [string, Requirement | undefined][] = [
        ['none', undefined],
        ['orders', { ability: ['ORDERS'] }],
        ['content', contentOnly],
        ['not-editor', { role: ['editor'], mode: 'except' }],
        ['all', { ability: ['READ', 'ORDERS'], mode: 'allOf' }],
      ]
      return <output>{reqs.map(([k, r]) => `${k}:${allowed(r)}`).join(' ')}</output>
    }
    renderAs(users.staff, <Probe />)
    expect(screen.getByRole('status').textContent).toBe(
      'none:true orders:true content:false not-editor:true all:true',
    )
  })
})

describe('useGridPermissions (SPEC §6 grid permission strings)', () => {
  const columns = ['OrderNo', 'Qty', 'UnitPrice']
  const buttons = ['add', 'edit', 'export']

  function Grid({ strings }: { strings: string[] }) {
    const { buttonShown, columnShown } = useGridPermissions(strings)
    return (
      <div>
        {buttons.filter(buttonShown).map((b) => (
          <button key={b} type="button">
            {b}
          </button>
        ))}
        <table>
          <thead>
            <tr>
              {columns.filter(columnShown).map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
        </table>
      </div>
    )
  }
  const shownButtons = () => screen.queryAllByRole('button').map((b) => b.textContent)
  const shownColumns = () => screen.queryAllByRole('columnheader').map((c) => c.textContent)

  it('shows everything by default', () => {
    renderAs(users.staff, <Grid strings={[]} />)
    expect(shownButtons()).toEqual(buttons)
    expect(shownColumns()).toEqual(columns)
  })

  it('hides only the named button and column', () => {
    renderAs(
      users.staff,
      <Grid
        strings={[
          'button-add-show-false',
          'column-UnitPrice-show-false',
          'button-edit-show-true',
          'junk',
        ]}
      />,
    )
    expect(shownButtons()).toEqual(['edit', 'export'])
    expect(shownColumns()).toEqual(['OrderNo', 'Qty'])
  })

  it('a button string does not hide a column of the same name, and other properties are ignored', () => {
    renderAs(
      users.staff,
      <Grid strings={['button-Qty-show-false', 'column-OrderNo-width-false']} />,
    )
    expect(shownButtons()).toEqual(buttons)
    expect(shownColumns()).toEqual(columns)
  })
})
