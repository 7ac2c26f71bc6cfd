import { useEffect, useState } from 'react'
import { apiBase, http } from '#client/lib/http'

/** What the sign-in pages may offer on this site (`User/SignUpOptions`). */
export type SignInOptions = { registration: boolean; phone: boolean; wechat: boolean }

const none: SignInOptions = { registration: false, phone: false, wechat: false }

/**
 * `GET User/SignUpOptions` for the sign-in pages, undefined until answered; read without the
 * schema library (the login page's weight budget). Offline or refused: only the password.
 */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>()
  useEffect(() => {
    http
      .get(`${apiBase}/User/SignUpOptions`)
      .then((res) => res.json())
      .then(
        (body: { data?: SignInOptions }) => setOptions({ ...none, ...body.data }),
        () => setOptions(none),
      )
  }, [])
  return options
}
