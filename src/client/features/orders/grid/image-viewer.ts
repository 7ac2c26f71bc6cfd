import { ImageViewer } from 'antd-mobile'

/**
 * antd-mobile's full-screen viewer (pinch, double-tap and wheel zoom, swipe between pictures),
 * loaded only when a picture is opened so the grid's chunk stays small.
 */
export function showImages(urls: string[], index: number) {
  ImageViewer.Multi.show({ images: urls, defaultIndex: index })
}
