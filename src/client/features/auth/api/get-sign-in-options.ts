import { useEffect, useState } from 'react'
import { apiBase, http } from '#client/lib/http'

/** What the sign-in pages may offer on this site (`User/SignUpOptions`). */
export type SignInOptions = { registration: boolean; phone: boolean; wechat: boolean }

/**
 * `GET User/SignUpOptions` for the sign-in pages, read without the schema library (the login
 * page's weight budget): each option true only when the server says so; none on a failure.
 */
export async function signInOptions(): Promise<SignInOptions> {
  let data: Record<string, unknown> = {}
  try {
    const res = await http.get(`${apiBase}/User/SignUpOptions`)
    data = ((await res.json()) as { data?: Record<string, unknown> }).data ?? {}
  } catch {
    /* offline or refused: offer nothing but the password */
  }
  return {
    registration: data.registration === true,
    phone: data.phone === true,
    wechat: data.wechat === true,
  }
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
