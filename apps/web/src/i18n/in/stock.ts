import type { stock as en } from '../en/stock';

/** Vehicle, battery and cabinet stock: summary, batches and stock moves. */
export const stock: Record<keyof typeof en, string> = {
  'stock.stockIn': 'Masuk stok',
  'stock.stockOut': 'Keluar stok',
  'stock.inTitle': 'Masuk stok',
  'stock.outTitle': 'Keluar stok',
  'stock.inDone': 'Batch {number}: {count} perangkat masuk stok',
  'stock.outDone': 'Batch {number}: {count} perangkat keluar stok',
  'stock.remark': 'Catatan',
  'stock.batch': 'Batch',
  'stock.batchNumber': 'Nomor batch',
  'stock.time': 'Waktu',
  'stock.mixedTypes': 'Beberapa tipe',
  'stock.detailTitle': 'Batch {number}',
  'stock.loadFailed': 'Batch tidak dapat dimuat.',
};
