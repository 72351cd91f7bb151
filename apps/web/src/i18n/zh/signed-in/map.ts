import type { map as en } from '../../en/signed-in/map';

export const map: Record<keyof typeof en, string> = {
  'map.cluster': '此处 {count} 个地点：请放大',
  'map.clusterStates': '此处 {count} 个地点（{online} 个在线，{offline} 个离线，{alarm} 个告警）：请放大',
  'map.drawTools': '绘制工具',
  'map.draw': '绘制轮廓',
  'map.editPoints': '编辑顶点',
  'map.clear': '清除',
  'map.points': '{count} 个点',
  'map.noOutline': '尚无轮廓：点击“绘制轮廓”，在地图上逐个点击各角，再点击第一个点闭合',
};
