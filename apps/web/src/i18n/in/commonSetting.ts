/** Common settings screen. */
export const commonSetting = {
  'commonSetting.add': 'Tambah pengaturan',
  'commonSetting.addTitle': 'Tambah pengaturan',
  'commonSetting.editTitle': 'Ubah pengaturan',
  'commonSetting.keyword': 'Nama, nilai atau deskripsi',
  'commonSetting.name': 'Nama',
  'commonSetting.value': 'Nilai',
  'commonSetting.description': 'Deskripsi',
  'commonSetting.remark': 'Catatan',
  'commonSetting.updatedAt': 'Diperbarui',
};
