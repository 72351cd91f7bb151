import type { stock as en } from '../en/stock';

/** Vehicle, battery and cabinet stock: summary, batches and stock moves. */
export const stock: Record<keyof typeof en, string> = {
  'stock.stockIn': 'รับเข้าคลัง',
  'stock.stockOut': 'เบิกออกจากคลัง',
  'stock.inTitle': 'รับเข้าคลัง',
  'stock.outTitle': 'เบิกออกจากคลัง',
  'stock.inDone': 'ชุด {number}: รับเข้าคลัง {count} เครื่อง',
  'stock.outDone': 'ชุด {number}: เบิกออก {count} เครื่อง',
  'stock.remark': 'หมายเหตุ',
  'stock.batch': 'ชุด',
  'stock.batchNumber': 'หมายเลขชุด',
  'stock.time': 'เวลา',
  'stock.mixedTypes': 'หลายประเภท',
  'stock.detailTitle': 'ชุด {number}',
  'stock.loadFailed': 'ไม่สามารถโหลดชุดได้',
};
