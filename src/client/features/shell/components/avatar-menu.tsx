import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { confirmWarmTip } from './confirm.ts'
import { DropdownMenu, type MenuAction } from './dropdown-menu.tsx'

/** Who is signed in, as the shell shows them. */
export type ShellUser = { name: string; avatar: string }

/** The first letter (or two initials of a Latin name) standing in for a missing avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length > 1 && /^[A-Za-z]/.test(words[0]!))
    return words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('')
  return Array.from(words[0]!)[0]!.toUpperCase()
}

function Avatar({ user }: { user: ShellUser }) {
  const [failed, setFailed] = useState('')
  if (user.avatar && failed !== user.avatar) {
    return (
      <img
        className="shell-avatar"
        src={user.avatar}
        alt=""
        width={30}
        height={30}
        onError={() => setFailed(user.avatar)}
      />
    )
  }
  return (
    <span className="shell-avatar shell-avatar-initials" aria-hidden="true">
      {initials(user.name)}
    </span>
  )
}

/** Avatar dropdown (SPEC §2): personal centre, change password, log out (after a confirmation). */
export function AvatarMenu({ user, onLogout }: { user: ShellUser; onLogout: () => Promise<void> }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const logout = async () => {
    if (!(await confirmWarmTip(t`Are you sure you want to log out?`))) return
    await onLogout()
    await navigate({ to: '/login', replace: true })
  }
  const actions: MenuAction[] = [
    {
      key: 'personal',
      label: t`Personal centre`,
      icon: 'user',
      onSelect: () => void navigate({ to: '/setting/personalCenter' }),
    },
    {
      key: 'password',
      label: t`Change password`,
      icon: 'lock',
      onSelect: () => void navigate({ to: '/setting/personalCenter' }),
    },
    { key: 'logout', label: t`Log out`, icon: 'logout', onSelect: () => void logout() },
  ]
  return (
    <DropdownMenu
      actions={actions}
      label={t`Account menu`}
      className="shell-user"
      testId="shell-user-menu"
    >
      <Avatar user={user} />
      <span className="shell-user-name" data-testid="staff-user">
        {user.name}
      </span>
    </DropdownMenu>
  )
}
