import { columnPrefsResponse, type ColumnPrefsGrid } from '#shared/contract/column-prefs'
import { getCall } from '#client/lib/http'

/** `User/GetColumnPrefs`: the signed-in user's saved column prefs of a grid, or null. */
export async function getColumnPrefs(grid: ColumnPrefsGrid) {
  return (await getCall('User/GetColumnPrefs', columnPrefsResponse, { grid })).data
}
