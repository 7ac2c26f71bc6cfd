import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { UserInfo } from '#shared/contract/auth'
// the release the staff use (CHANGELOG.md; the server's /healthz says the same of the server)
import { version } from '../../../../../package.json'
import { useUserInfo } from '../api/get-user-info.ts'
import { ChangePasswordForm } from './change-password-form.tsx'
import { useOnwardAfterForcedChange } from './forced-change-onward.ts'
import { WechatBindings } from './wechat-bindings.tsx'
import { ProfileForm } from './profile-form.tsx'
import './personal-center.css'

/** One or two letters standing in for a missing avatar: "JS" for "John Smith", "张" for "张三". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length > 1 && /^[A-Za-z]/.test(words[0]!)) {
    return words
      .slice(0, 2)
      .map((w) => Array.from(w)[0]!.toUpperCase())
      .join('')
  }
  return Array.from(words[0]!)[0]!.toUpperCase()
}

function ProfileAvatar({ src, name }: { src: string; name: string }) {
  const [failedSrc, setFailedSrc] = useState('')
  if (src && failedSrc !== src) {
    return (
      <img
        className="pc-avatar"
        src={src}
        alt=""
        width={72}
        height={72}
        onError={() => setFailedSrc(src)}
      />
    )
  }
  return (
    <span className="pc-avatar pc-avatar-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  )
}

function useRoleLabel() {
  const { t } = useLingui()
  return (role: string) => {
    switch (role) {
      case 'admin':
        return t`Administrator`
      case 'editor':
        return t`Content editor`
      case 'staff':
        return t`Shop-floor staff`
      case '':
        return t`No role assigned`
      default:
        return role
    }
  }
}

function ProfileCard({ me }: { me: UserInfo }) {
  const roleLabel = useRoleLabel()
  const name = me.RealName || me.LoginName
  return (
    <section className="pc-card pc-profile" aria-labelledby="pc-profile-name">
      <ProfileAvatar src={me.Avatar} name={name} />
      <div className="pc-profile-text">
        <h2 id="pc-profile-name" className="pc-name">
          {name}
        </h2>
        <dl className="pc-facts">
          <div>
            <dt>
              <Trans>Login name</Trans>
            </dt>
            <dd data-testid="pc-login-name">{me.LoginName}</dd>
          </div>
          <div>
            <dt>
              <Trans>Role</Trans>
            </dt>
            <dd data-testid="pc-role">{roleLabel(me.Role)}</dd>
          </div>
        </dl>
      </div>
    </section>
  )
}

/** `/setting/personalCenter`: who I am, editing my profile, and changing my password (required first when the account says so). */
export function PersonalCenter() {
  const { data: me } = useUserInfo()
  // `redirect=`: set by the staff guard when a temporary password must be changed first (read
  // here, in the page's own chunk, not in the route: the staff shell's budget)
  const redirect = new URLSearchParams(location.search).get('redirect') ?? undefined
  useOnwardAfterForcedChange(me.MustChangePassword, redirect)
  return (
    <div className="personal-center">
      <h1 className="pc-title">
        <Trans>Personal centre</Trans>
      </h1>
      {me.MustChangePassword ? (
        <div className="pc-must-change" role="alert" data-testid="must-change-password">
          <strong>
            <Trans>Please change your password now</Trans>
          </strong>
          <p>
            <Trans>
              Your account is still using a temporary password. Choose a new password of at least 8
              characters before you continue.
            </Trans>
          </p>
        </div>
      ) : null}
      <div className="pc-columns">
        <ProfileCard me={me} />
        <div className="pc-forms">
          <section className="pc-card pc-profile-form">
            {/* the server's answer after a copy restored from the offline cache starts the form afresh */}
            <ProfileForm
              key={[me.RealName, me.NickName, me.Mobile, me.Email, me.Avatar].join('\u0000')}
              me={me}
            />
          </section>
          <section className="pc-card pc-password">
            <ChangePasswordForm loginName={me.LoginName} />
          </section>
        </div>
        <WechatBindings />
      </div>
      <p className="pc-version" data-testid="pc-version">
        <Trans>Forgeline version {version}</Trans>
      </p>
    </div>
  )
}
