import { useEffect, useState } from 'react'
import { apiBase, http } from '#client/lib/http'

/** What the sign-in pages may offer on this site (`User/SignUpOptions`). */
export type SignInOptions = { registration: boolean; phone: boolean; wechat: boolean }

const none: SignInOptions = { registration: false, phone: false, wechat: false }
let asked: Promise<SignInOptions> | undefined

/**
 * `GET User/SignUpOptions` for the sign-in pages, read without the schema library (the login
 * page's weight budget): each option true only when the server says so; nothing on a failure.
 * Asked once per page load (the sign-in pages share the answer).
 */
export function signInOptions(): Promise<SignInOptions> {
  asked ??= http
    .get(`${apiBase}/User/SignUpOptions`)
    .then(async (res) => {
      const data = ((await res.json()) as { data?: Record<string, unknown> }).data ?? {}
      return {
        registration: data.registration === true,
        phone: data.phone === true,
        wechat: data.wechat === true,
      }
    })
    .catch(() => {
      asked = undefined
      return none
    })
  return asked
}

/** Forgets the answer (tests; a new page load asks again anyway). */
export const forgetSignInOptions = () => {
  asked = undefined
}

/** The options, undefined until the server answered. */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>()
  useEffect(() => {
    let live = true
    void signInOptions().then((o) => live && setOptions(o))
    return () => {
      live = false
    }
  }, [])
  return options
}
