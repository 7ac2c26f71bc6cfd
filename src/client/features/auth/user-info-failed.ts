import { msg } from '@lingui/core/macro'
import { $ZodError } from 'zod/v4/core'
import { translate } from '#client/lib/i18n'

/** Tells the user why the session ended when the user info could not be read (SPEC §4/§5). */
export function userInfoFailed(error: unknown) {
  const text =
    error instanceof $ZodError
      ? msg`The core user-info interface is abnormal`
      : msg`Failed to fetch your user information; please sign in again`
  const content = translate(text)
  // loaded on demand: this module sits on every page's first load
  void import('#client/components/feedback/toast').then(({ Toast }) =>
    Toast.show({ icon: 'fail', content, duration: 3000 }),
  )
}
