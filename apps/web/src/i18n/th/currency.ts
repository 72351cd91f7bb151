/** Currency screen: current currency, edit form and example amount. */
export const currency = {
  'currency.current': 'สกุลเงินปัจจุบัน',
  'currency.updatedAt': 'เปลี่ยนล่าสุด',
  'currency.currency': 'สกุลเงิน',
  'currency.example': 'ตัวอย่างจำนวนเงิน',
  'currency.saved': 'บันทึกสกุลเงินแล้ว จำนวนเงินทั้งหมดใช้สกุลเงินนี้',
  'currency.loadFailed': 'โหลดสกุลเงินไม่ได้',
  'currency.name.IDR': 'รูเปียห์อินโดนีเซีย',
  'currency.name.KES': 'ชิลลิงเคนยา',
  'currency.name.THB': 'บาทไทย',
  'currency.name.MYR': 'ริงกิตมาเลเซีย',
  'currency.name.VND': 'ดองเวียดนาม',
  'currency.name.USD': 'ดอลลาร์สหรัฐ',
};
