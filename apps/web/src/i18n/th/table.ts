import type { table as en } from '../en/table';

export const table: Record<keyof typeof en, string> = {
  'table.search': 'ค้นหา',
  'table.reset': 'รีเซ็ต',
  'table.expand': 'ตัวกรองเพิ่มเติม',
  'table.collapse': 'ซ่อนตัวกรอง',
  'table.export': 'ส่งออก',
  'table.refresh': 'รีเฟรช',
  'table.total': 'ทั้งหมด {total} รายการ',
  'table.totalEstimate': 'ประมาณ {total} รายการ',
  'table.empty': 'ไม่มีข้อมูล',
  'table.loadFailed': 'ไม่สามารถโหลดรายการได้',
  'table.selected': 'เลือกแล้ว {count} รายการ',
  'table.clearSelection': 'ล้างการเลือก',
  'table.searchForm': 'ตัวกรองการค้นหา',
  'table.exportFile': 'ส่งออก',
  'table.scrollRegion': 'ตารางที่เลื่อนได้',
};
