import { http, apiBase } from '#client/lib/http'

/** `GET /logout`: revokes the session on the server; a failure does not keep anyone signed in. */
export async function getLogout(): Promise<void> {
  try {
    await http.get(`${apiBase}/logout`, { timeout: 5000 })
  } catch {
    /* offline: the local session is cleared anyway */
  }
}
