import { apiBase, http } from '#client/lib/http'

/**
 * `GET User/SignUpOptions` for the login page's sign-up link, read without the schema library
 * (the login page's weight budget): true only when the server says registration is open.
 */
export async function registrationOpen(): Promise<boolean> {
  try {
    const res = await http.get(`${apiBase}/User/SignUpOptions`)
    const body = (await res.json()) as { data?: { registration?: unknown } }
    return body.data?.registration === true
  } catch {
    return false
  }
}
