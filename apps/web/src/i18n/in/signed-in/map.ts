import type { map as en } from '../../en/signed-in/map';

export const map: Record<keyof typeof en, string> = {
  'map.cluster': '{count} tempat di sini: perbesar',
  'map.clusterStates': '{count} tempat di sini ({online} daring, {offline} luring, {alarm} beralarm): perbesar',
  'map.drawTools': 'Alat gambar',
  'map.draw': 'Gambar batas',
  'map.editPoints': 'Ubah titik',
  'map.clear': 'Hapus',
  'map.points': '{count} titik',
  'map.noOutline': 'Belum ada batas: tekan Gambar batas, klik peta untuk setiap sudut lalu klik titik pertama untuk menutupnya',
};
