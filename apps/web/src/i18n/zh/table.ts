import type { table as en } from '../en/table';

export const table: Record<keyof typeof en, string> = {
  'table.search': '查询',
  'table.reset': '重置',
  'table.expand': '展开筛选',
  'table.collapse': '收起筛选',
  'table.export': '导出',
  'table.refresh': '刷新',
  'table.total': '共 {total} 条',
  'table.totalEstimate': '约 {total} 条',
  'table.empty': '暂无数据',
  'table.loadFailed': '列表加载失败。',
  'table.selected': '已选 {count} 项',
  'table.clearSelection': '清除选择',
  'table.searchForm': '查询条件',
  'table.exportFile': '导出',
  'table.scrollRegion': '可滚动的表格',
};
