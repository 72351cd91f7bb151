import type { table as en } from '../en/table';

export const table: Record<keyof typeof en, string> = {
  'table.search': 'Cari',
  'table.reset': 'Atur ulang',
  'table.expand': 'Filter lainnya',
  'table.collapse': 'Lebih sedikit filter',
  'table.export': 'Ekspor',
  'table.refresh': 'Muat ulang',
  'table.total': 'Total {total} data',
  'table.totalEstimate': 'Sekitar {total} item',
  'table.empty': 'Tidak ada data',
  'table.loadFailed': 'Daftar tidak dapat dimuat.',
  'table.selected': '{count} dipilih',
  'table.clearSelection': 'Hapus pilihan',
  'table.searchForm': 'Filter pencarian',
  'table.exportFile': 'ekspor',
  'table.scrollRegion': 'Tabel yang dapat digulir',
};
