import type { FeatureTexts } from '../../i18n/catalogue';

/** Areas: list, search, add and edit form with the outline drawn on the map (docs/stations-and-maps.md). */
export const texts = {
  en: {
    'area.noPolygon': 'No outline',
    'area.add': 'Add area',
    'area.editTitle': 'Edit area',
    'area.map': 'Map of the area',
    'area.provinceOutline': 'Province {name}',
    'area.confirmRemove': 'Remove this area? A province can only be removed once it has no cities.',
  },
  in: {
    'area.noPolygon': 'Tanpa batas',
    'area.add': 'Tambah wilayah',
    'area.editTitle': 'Ubah wilayah',
    'area.map': 'Peta wilayah',
    'area.provinceOutline': 'Provinsi {name}',
    'area.confirmRemove': 'Hapus wilayah ini? Provinsi hanya dapat dihapus jika tidak lagi memiliki kota.',
  },
  th: {
    'area.noPolygon': 'ไม่มีเส้นขอบ',
    'area.add': 'เพิ่มพื้นที่',
    'area.editTitle': 'แก้ไขพื้นที่',
    'area.map': 'แผนที่ของพื้นที่',
    'area.provinceOutline': 'จังหวัด {name}',
    'area.confirmRemove': 'ลบพื้นที่นี้หรือไม่ จังหวัดจะลบได้เมื่อไม่มีเมืองแล้วเท่านั้น',
  },
  zh: {
    'area.noPolygon': '无轮廓',
    'area.add': '新增区域',
    'area.editTitle': '编辑区域',
    'area.map': '区域地图',
    'area.provinceOutline': '省份 {name}',
    'area.confirmRemove': '删除此区域？省份下没有城市时才能删除。',
  },
} satisfies FeatureTexts;
