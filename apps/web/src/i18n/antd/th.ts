import 'dayjs/locale/th';
import locale from 'antd/es/locale/th_TH';

/** antd's texts for this language (the import above registers dayjs's); loaded only when it is in use. */
export { locale };
export const dayjsName = 'th';
