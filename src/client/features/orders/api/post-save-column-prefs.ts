import { columnPrefsResponse, type SaveColumnPrefsBody } from '#shared/contract/column-prefs'
import { postCall } from '#client/lib/http'

/** `User/SaveColumnPrefs`: replaces the signed-in user's column prefs of one grid on the server. */
export async function postSaveColumnPrefs(body: SaveColumnPrefsBody) {
  return (await postCall('User/SaveColumnPrefs', columnPrefsResponse, body)).data
}
