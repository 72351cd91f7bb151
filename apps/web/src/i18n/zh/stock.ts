import type { stock as en } from '../en/stock';

/** Vehicle, battery and cabinet stock: summary, batches and stock moves. */
export const stock: Record<keyof typeof en, string> = {
  'stock.stockIn': '入库',
  'stock.stockOut': '出库',
  'stock.inTitle': '入库',
  'stock.outTitle': '出库',
  'stock.inDone': '批次 {number}：{count} 台设备已入库',
  'stock.outDone': '批次 {number}：{count} 台设备已出库',
  'stock.remark': '备注',
  'stock.batch': '批次',
  'stock.batchNumber': '批次号',
  'stock.time': '时间',
  'stock.mixedTypes': '多种类型',
  'stock.detailTitle': '批次 {number}',
  'stock.loadFailed': '批次加载失败。',
};
