/** Vehicle, battery and cabinet stock: summary, batches and stock moves. */
export const stock = {
  'stock.stockIn': 'Stock in',
  'stock.stockOut': 'Stock out',
  'stock.inTitle': 'Stock in',
  'stock.outTitle': 'Stock out',
  'stock.inDone': 'Batch {number}: {count} devices stocked in',
  'stock.outDone': 'Batch {number}: {count} devices stocked out',
  'stock.remark': 'Remark',
  'stock.batch': 'Batch',
  'stock.batchNumber': 'Batch number',
  'stock.time': 'Time',
  'stock.mixedTypes': 'Several types',
  'stock.detailTitle': 'Batch {number}',
  'stock.loadFailed': 'The batch could not be loaded.',
};
