import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import type { UserRow } from '#shared/contract/system-users'
import { usersKey } from '../api/get-users.ts'
import { useSystemSave } from '../api/post-system-save.ts'
import { errorLine, recordErrors } from '../field-errors.ts'

/** A readable random password (no look-alike characters). */
function suggestPassword(): string {
  const chars = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => chars[b % chars.length]).join('')
}

/** Sets a new password that the user must change at next sign-in; their sessions end. */
export function ResetPasswordForm({ user, onDone }: { user: UserRow; onDone: () => void }) {
  const { t } = useLingui()
  const [password, setPassword] = useState(suggestPassword)
  const [error, setError] = useState('')
  const { save, isPending } = useSystemSave('ResetUserPassword', [usersKey])
  const submit = async () => {
    try {
      await save({ updateRecords: [{ Id: user.Id, Password: password }] })
      Toast.show({
        icon: 'success',
        content: t`The password was reset; tell ${user.LoginName} the new one`,
        duration: 3000,
      })
      onDone()
    } catch (e) {
      setError(recordErrors(e).Password ?? '')
      Toast.show({
        icon: 'fail',
        content: errorLine(e, t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  return (
    <form
      className="sys-form"
      data-testid="reset-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <p className="sys-note">{t`${user.LoginName} must change this password at the next sign-in and is signed out now.`}</p>
      <label>
        {t`New password`}
        <input
          name="Password"
          type="text"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? (
          <span className="sys-error" role="alert">
            {error}
          </span>
        ) : null}
      </label>
      <div className="sys-actions">
        <button type="submit" className="is-primary" disabled={isPending} data-testid="reset-save">
          {t`Reset password`}
        </button>
        <button type="button" onClick={() => setPassword(suggestPassword())}>
          {t`Suggest another`}
        </button>
      </div>
    </form>
  )
}
